import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/members";
import { ItemList } from "#app/ui/AdminList.tsx";
import { BulkDeleteConfirm, ConfirmModal } from "#app/ui/ConfirmModal.tsx";
import { FormAlert } from "#app/ui/FormField.tsx";
import { adminRequest, bulkDeleteStep, deleteConfirmed, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { formFields, type FormResult } from "#app/platform/text/forms.ts";
import { addMembers, deleteMember, deleteMembers, getMember, MEMBER_SORTS, pageMembers, type Member, type MemberSort } from "#app/mail/data/members.server.ts";
import { listHref, readListQuery } from "#app/platform/http/list-query.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("members");
const BASE = "/admin/members";
const MEMBERS = ["member", "members"] as const;

export function meta() {
  return screenMeta(SCREEN);
}

const members: ListScreen<Member, never, MemberSort, Record<string, string>> = {
  base: BASE,
  noun: "member",
  model: { sorts: MEMBER_SORTS, page: pageMembers, get: getMember, remove: ({ db }, id) => deleteMember(db, id) },
  messages: { delete: "Failed to delete member. Please try again." },
};

export async function loader(args: Route.LoaderArgs) {
  const list = await loadList(args, members, (m) => ({ id: m.id, email: m.email }));
  return { ...list, added: new URL(args.request.url).searchParams.get("added") };
}

export async function action(args: Route.ActionArgs) {
  const { services } = adminRequest(args);
  const form = formFields(await args.request.formData());
  const bulk = await bulkDeleteStep(services, form, { removeMany: (ids) => deleteMembers(services.db, ids), back: listHref(BASE, readListQuery(new URL(args.request.url), MEMBER_SORTS)), noun: MEMBERS });
  if (bulk) return bulk;
  if (form.intent === "delete") return deleteConfirmed(services, form.id, (id) => deleteMember(services.db, id), members.messages.delete, BASE, members.noun);
  const emails = form.emails ?? "";
  if (emails.length > 100_000) return data<FormResult>({ formError: "That list is too long: add at most a few thousand at a time." }, { status: 400 });
  const added = await addMembers(services.db, emails);
  services.logger.info({ added: added.length }, "members added");
  return redirect(`${BASE}?added=${added.length}`);
}

export default function AdminMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, deleting, added } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <FormAlert result={actionData} />
      {added !== null && !actionData && (
        <p className="success" role="status">
          {added === "1" ? "1 member added." : `${added} members added.`}
        </p>
      )}
      <Form method="post" className="stack" key={added ?? ""}>
        <div>
          <label htmlFor="emails">Add Members</label>
          <textarea id="emails" name="emails" rows={3} aria-describedby="emails-hint" />
          <p id="emails-hint" className="muted">
            Email addresses separated by commas. Addresses already on the list are skipped.
          </p>
        </div>
        <p>
          <button type="submit" name="intent" value="add" className="button" disabled={busy}>
            Add Members
          </button>
        </p>
      </Form>
      <h2>
        {list.total} {list.total === 1 ? "member" : "members"}
      </h2>
      <ItemList list={list} base={BASE} empty={SCREEN.emptyText ?? ""} noun={["member", "members"]} action={{ label: "Delete", param: "delete" }} rowName={(m) => m.email} selectable search="Search members">
        {(m) => m.email}
      </ItemList>
      <BulkDeleteConfirm result={actionData} noun={MEMBERS} closeTo={here} />
      {deleting && (
        <ConfirmModal title="Delete this member?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={here}>
          <p>{deleting.email} will no longer receive member email.</p>
        </ConfirmModal>
      )}
    </>
  );
}
