import { z } from "zod";
import { data } from "react-router";
import type { Route } from "./+types/document-categories";
import type { Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { formFields, type FormResult } from "#app/platform/text/forms.ts";
import { counted } from "#app/platform/text/plural.ts";
import {
  addCategory,
  CATEGORY_SORTS,
  CategoryNameTaken,
  countDocumentsByCategory,
  getCategory,
  moveCategory,
  pageCategories,
  removeCategories,
  removeCategory,
  renameCategory,
  type CategorySort,
  type DocumentCategory,
} from "#app/documents/data/categories.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("documents/categories");
const BASE = "/admin/documents/categories";

export function meta() {
  return screenMeta(SCREEN);
}

/** A category's name: required, at most 60 characters (it is a heading on /more/documents). */
const CategorySchema = z.object({ name: z.string().trim().min(1, "Please enter a name").max(60) });

const categories: ListScreen<DocumentCategory, z.output<typeof CategorySchema>, CategorySort, { name: string }> = {
  base: BASE,
  noun: "category",
  model: {
    sorts: CATEGORY_SORTS,
    page: pageCategories,
    get: getCategory,
    create: ({ db }, input) => addCategory(db, input.name),
    update: (db, id, input) => renameCategory(db, id, input.name),
    remove: ({ db }, id) => removeCategory(db, id),
    removeMany: ({ db }, ids) => removeCategories(db, ids),
    move: (db, id, direction) => moveCategory(db, id, direction),
  },
  schema: () => CategorySchema,
  blank: () => ({ name: "" }),
  toForm: (c) => ({ name: c.name }),
  messages: { delete: "Failed to delete the category. Please try again.", save: "Failed to save the category. Please try again." },
  plural: ["category", "categories"],
};

export async function loader(args: Route.LoaderArgs) {
  const counts = await countDocumentsByCategory(adminRequest(args).services.db);
  return loadList(args, categories, (c) => ({ id: c.id, title: c.name, documents: counts.get(c.id) ?? 0 }));
}

export async function action(args: Route.ActionArgs) {
  adminRequest(args);
  const fields = formFields(await args.request.formData());
  try {
    return await listAction(args, categories, fields);
  } catch (error) {
    if (!(error instanceof CategoryNameTaken)) throw error;
    return data<FormResult>({ fieldErrors: { name: error.message }, values: fields }, { status: 400 });
  }
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, CategorySort>[] = [
  { header: "Category", cell: (c) => c.title },
  { header: "Documents", cell: (c) => counted(c.documents, "document", "documents") },
];

const FIELDS: FieldSpec[] = [{ name: "name", label: "Name", placeholder: "Minutes", hint: "A heading on the Documents page, such as Minutes, Newsletters or Forms." }];

export default function AdminDocumentCategories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreenView
      heading={SCREEN.heading}
      base={BASE}
      {...loaderData}
      result={actionData}
      columns={COLUMNS}
      fields={FIELDS}
      empty={SCREEN.emptyText ?? ""}
      noun="Category"
      plural="categories"
      movable
      deleteMessage={(c) => (
        <p>
          “{c.title}” will be deleted. {c.documents > 0 ? `Its ${counted(c.documents, "document", "documents")} will stay on the site, without a category.` : "It has no documents."}
        </p>
      )}
    />
  );
}
