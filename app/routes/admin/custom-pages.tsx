import { data } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/custom-pages";
import { changedColumn, type Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { formFields, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { dateIn } from "#app/platform/text/dates.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { PLACEHOLDER_HINT } from "#app/site/placeholders.ts";
import {
  boardPagePath,
  boardPageSchema,
  MAX_MENU_LABEL,
  MAX_MENU_PAGES,
  MENU_LABEL_MESSAGE,
  menuProblem,
  SLUG_MESSAGES,
  slugFromTitle,
  slugProblem,
  type BoardPageInput,
} from "#app/site/board-pages.ts";
import {
  BOARD_PAGE_SORTS,
  countMenuPages,
  createBoardPage,
  getBoardPage,
  moveBoardPage,
  pageBoardPages,
  removeBoardPages,
  slugTaken,
  updateBoardPage,
  type BoardPage,
  type BoardPageSort,
} from "#app/site/data/board-pages.server.ts";
import { reservedMoreSlugs } from "#app/routes/public/pages.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("custom-pages");
const BASE = "/admin/custom-pages";

/** The addresses under /more the site's own pages take: a board page may not have one. */
const RESERVED = reservedMoreSlugs();

export function meta() {
  return screenMeta(SCREEN);
}

type Values = { title: string; slug: string; placement: string; body: string };

const pages: ListScreen<BoardPage, BoardPageInput, BoardPageSort, Values> = {
  base: BASE,
  noun: "page",
  model: {
    sorts: BOARD_PAGE_SORTS,
    page: pageBoardPages,
    get: getBoardPage,
    create: ({ db }, input, by) => createBoardPage(db, input, by.name),
    update: (db, id, input, by) => updateBoardPage(db, id, input, by.name),
    remove: async ({ db }, id) => (await removeBoardPages(db, [id])) > 0,
    removeMany: ({ db }, ids) => removeBoardPages(db, ids),
    move: moveBoardPage,
  },
  schema: () => boardPageSchema,
  blank: () => ({ title: "", slug: "", placement: "more", body: "" }),
  toForm: (p) => ({ title: p.title, slug: p.slug, placement: p.placement, body: p.body }),
  messages: { delete: "Failed to delete the page. Please try again.", save: "Failed to save the page. Please try again." },
  plural: ["page", "pages"],
};

export async function loader(args: Route.LoaderArgs) {
  const timeZone = await getTimeZone(adminRequest(args).services.db);
  return loadList(args, pages, (p) => ({
    id: p.id,
    title: p.title,
    path: boardPagePath(p.slug),
    placement: p.placement,
    changedOn: dateIn(timeZone, p.updatedAt),
    changedBy: p.updatedBy,
  }));
}

/**
 * Saves a page after the checks that need the site: its address (made from the title when left empty) is well
 * formed, not one of the site's own pages and not another page's (now or before); a page in the main menu fits its
 * room (`MAX_MENU_PAGES` pages, titles of `MAX_MENU_LABEL` characters). A refusal answers 400 with the form as typed.
 * Everything else (delete, move, delete selected) is the list's own step.
 */
export async function action(args: Route.ActionArgs) {
  const { services } = adminRequest(args);
  const fields = formFields(await args.request.formData());
  if (fields.intent === "save") {
    const parsed = parseForm(boardPageSchema, fields);
    if (parsed.ok) {
      const { db } = services;
      const id = fields.id || undefined;
      const slug = parsed.data.slug || slugFromTitle(parsed.data.title);
      const fieldErrors: Record<string, string> = {};
      const problem = slugProblem(slug, RESERVED) ?? ((await slugTaken(db, slug, id)) ? SLUG_MESSAGES.taken : undefined);
      if (problem) fieldErrors.slug = problem;
      if (parsed.data.placement === "menu") {
        const full = menuProblem(await countMenuPages(db, id));
        if (full) fieldErrors.placement = full;
        else if (parsed.data.title.length > MAX_MENU_LABEL) fieldErrors.title = MENU_LABEL_MESSAGE;
      }
      if (Object.keys(fieldErrors).length > 0) return data<FormResult>({ fieldErrors, values: fields }, { status: 400 });
      fields.slug = slug;
    }
  }
  return listAction(args, pages, fields);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, BoardPageSort>[] = [
  { header: "Title", cell: (p) => p.title },
  { header: "Address", cell: (p) => <Link to={p.path}>{p.path}</Link> },
  { header: "Linked from", cell: (p) => (p.placement === "menu" ? "Main menu" : "More") },
  changedColumn(),
];

const ROOM = `The main menu has room for ${MAX_MENU_PAGES} of your pages, with titles of at most ${MAX_MENU_LABEL} characters, so that the header stays on one line; the others are linked under More.`;

const FIELDS: FieldSpec[] = [
  { name: "title", label: "Title" },
  { name: "slug", label: "Address", hint: "The page is at /more/ and this: lower-case words joined by hyphens, like boat-launch. Left empty, it is made from the title. If you change it, the old address sends visitors to the new one." },
  { name: "placement", label: "Linked from", options: [{ value: "more", label: "More (the Board & More section)" }, { value: "menu", label: "The main menu" }], hint: ROOM },
  { name: "body", label: "Text", rows: 14, type: "markdown", hint: PLACEHOLDER_HINT },
];

export default function AdminCustomPages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ListScreenView heading={SCREEN.heading} base={BASE} {...loaderData} result={actionData} columns={COLUMNS} fields={FIELDS} empty={SCREEN.emptyText ?? ""} noun="Page" plural="pages" movable />
      <p className="muted">{ROOM}</p>
    </>
  );
}
