import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/board";
import { changedColumn, type Column } from "#app/ui/AdminList.tsx";
import { ImageField } from "#app/ui/ImageField.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, authorOf, listAction } from "#app/web/admin-screens.server.ts";
import type { FormResult } from "#app/platform/text/forms.ts";
import { choosePicture } from "#app/platform/files/image-form.server.ts";
import { deleteImage, getImage, readImageForm } from "#app/platform/files/images.server.ts";
import { loadOrderedList, orderedListScreen } from "#app/web/ordered-screens.server.ts";
import { boardMembers } from "#app/site/data/site-content.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { BULK_INTENTS } from "#app/platform/http/list-query.ts";
import { imageFormBody } from "#app/platform/files/upload-limits.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("board");
const BASE = "/admin/board";

/** A form with one picture, a board member's photo (its size limit decides the body's). */
export const handle: RouteHandle = { body: imageFormBody(1) };

export function meta() {
  return screenMeta(SCREEN);
}

/**
 * A board member: name and title, both required, and the photo's image id. The id is never taken from the browser:
 * the action puts the member's current photo, or the one just uploaded, in its place.
 */
const MemberSchema = z.object({
  name: z.string().trim().min(1, "Please enter the board member's name").max(200),
  title: z.string().trim().min(1, "Please enter the board member's title, e.g. Treasurer").max(200),
  photoId: z
    .string()
    .default("")
    .transform((v) => v || null),
});

const ordered = orderedListScreen({
  base: BASE,
  noun: "board member",
  list: boardMembers,
  schema: MemberSchema,
  toForm: (m) => ({ name: m.name, title: m.title, photoId: m.photoId ?? "" }),
  blank: { name: "", title: "", photoId: "" },
});

/** Deleting a member deletes their photo too. */
const board: typeof ordered = {
  ...ordered,
  model: {
    ...ordered.model,
    async remove(services, id) {
      const member = await boardMembers.get(services.db, id);
      const removed = await ordered.model.remove(services, id);
      if (removed && member?.data.photoId) await deleteImage(services, member.data.photoId);
      return removed;
    },
    async removeMany(services, ids) {
      const removed = await boardMembers.removeMany(services.db, ids);
      for (const member of removed) if (member.data.photoId) await deleteImage(services, member.data.photoId);
      return removed.length;
    },
  },
};

export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadOrderedList(args, board, (m) => ({ title: m.name, role: m.title }));
  const photo = loaded.editing?.values.photoId ? await getImage(adminRequest(args).services.db, loaded.editing.values.photoId) : undefined;
  return { ...loaded, photo: photo ?? null };
}

/**
 * The list's action, with the photo: a multipart form (file `photo`, alt text `photoAlt`, `photoRemove`). A new
 * photo needs its alt text, and so does the one kept; a refused photo or field sends everything back as typed and
 * keeps nothing new. A photo replaced or removed is deleted once the member is saved.
 */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const form = await readImageForm(args.request, services, { fields: ["photo"], by: authorOf(user) });
  const { fields } = form;
  if (fields.intent !== undefined && ["delete", "up", "down", BULK_INTENTS.ask, BULK_INTENTS.confirm].includes(fields.intent)) return listAction(args, board, fields);

  const current = fields.id ? ((await boardMembers.get(services.db, fields.id))?.data.photoId ?? null) : null;
  const photo = choosePicture(services, form, "photo", current);
  const fieldErrors = { ...form.fieldErrors };
  const parsed = MemberSchema.safeParse({ ...fields, photoId: photo.id ?? "" });
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  if (Object.keys(fieldErrors).length > 0) {
    await photo.discard();
    return data<FormResult>({ fieldErrors, values: fields }, { status: 400 });
  }
  const response = await listAction(args, board, { ...fields, photoId: photo.id ?? "" });
  const saved = response instanceof Response && response.status >= 300 && response.status < 400;
  await (saved ? photo.commit() : photo.discard());
  return response;
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, "order">[] = [{ header: "Name", cell: (m) => m.title }, { header: "Title", cell: (m) => m.role }, changedColumn()];

const FIELDS: FieldSpec[] = [
  { name: "name", label: "Name" },
  { name: "title", label: "Title", placeholder: "Treasurer" },
];

export default function AdminBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { photo, ...list } = loaderData;
  return (
    <ListScreenView
      heading={SCREEN.heading}
      base={BASE}
      {...list}
      result={actionData}
      columns={COLUMNS}
      fields={FIELDS}
      empty={SCREEN.emptyText ?? ""}
      noun="Board Member"
      plural="board members"
      movable
      encType="multipart/form-data"
      extraFields={<ImageField name="photo" label="Photo" current={photo} result={actionData} removable />}
    />
  );
}
