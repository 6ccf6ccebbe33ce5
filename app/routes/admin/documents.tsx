import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/documents";
import { ItemList } from "#app/ui/AdminList.tsx";
import { DocumentDropper } from "#app/documents/DocumentDropper.tsx";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { Modal } from "#app/ui/Modal.tsx";
import { BulkDeleteConfirm } from "#app/ui/ConfirmModal.tsx";
import { adminRequest, bulkDeleteStep, deleteConfirmed, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { getServices } from "#app/web/context.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { humanSize, shortDate } from "#app/platform/text/format.ts";
import { cleanDisplayName, NO_NAME_MESSAGE } from "#app/documents/file-types.server.ts";
import { formFields, type FieldLimits, type FormResult } from "#app/platform/text/forms.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { deleteDocument, deleteDocuments, DOCUMENT_SORTS, getDocument, pageDocuments, renameDocument, setDocumentCategory, type DocumentRecord, type DocumentSort } from "#app/documents/data/documents.server.ts";
import { listCategories } from "#app/documents/data/categories.server.ts";
import { DocumentReplacer } from "#app/documents/DocumentReplacer.tsx";
import { listHref, readListQuery } from "#app/platform/http/list-query.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("documents");

export function meta() {
  return screenMeta(SCREEN);
}

/** The rename field: a display name is cleaned and cut to 200 characters (see `cleanDisplayName`). */
const RENAME_LIMITS: Record<string, FieldLimits> = { name: { required: true, maxLength: 200 } };

const BASE = "/admin/documents";
const FILES = ["file", "files"] as const;

const documents: ListScreen<DocumentRecord, never, DocumentSort, Record<string, string>> = {
  base: BASE,
  noun: "document",
  model: { sorts: DOCUMENT_SORTS, page: pageDocuments, get: getDocument, remove: ({ db, storage }, id) => deleteDocument(db, storage, id) },
  messages: { delete: "Failed to delete file. Please try again." },
};

export async function loader(args: Route.LoaderArgs) {
  const { db } = getServices(args.context);
  const [timeZone, categories] = await Promise.all([getTimeZone(db), listCategories(db)]);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const { list, here } = await loadList(args, documents, (d) => ({
    id: d.id,
    displayName: d.displayName,
    contentType: d.contentType,
    size: d.size,
    date: todayIn(timeZone, new Date(d.created)),
    category: (d.categoryId && categoryName.get(d.categoryId)) || "",
  }));
  const url = new URL(args.request.url);
  const manageId = url.searchParams.get("manage");
  const managing = manageId ? await getDocument(db, manageId) : undefined;
  return {
    list,
    here,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    managing: managing ? { id: managing.id, displayName: managing.displayName, categoryId: managing.categoryId ?? "" } : null,
    confirmDelete: url.searchParams.has("confirm"),
    uploaded: url.searchParams.get("uploaded"),
    uploadErrors: url.searchParams.getAll("error"),
    replaced: url.searchParams.get("replaced"),
    replaceError: url.searchParams.get("replaceError"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { services } = adminRequest(args);
  const { db, logger } = services;
  const form = formFields(await args.request.formData());
  const id = form.id ?? "";
  if (form.intent === "rename") {
    const name = cleanDisplayName(form.name ?? "");
    if (!name) {
      const message = (form.name ?? "").trim() === "" ? "Please enter a name" : NO_NAME_MESSAGE;
      return data<FormResult>({ fieldErrors: { name: message }, values: form }, { status: 400 });
    }
    // The category field is there once the board has categories (issue 28); absent, the category stays.
    const category = form.category;
    const categoryChanged = category !== undefined && category !== (form.currentCategory ?? "");
    // An unchanged name just closes the modal (spec §5).
    if (name === form.current && !categoryChanged) return redirect(BASE);
    try {
      if (name !== form.current && !(await renameDocument(db, id, name))) throw new Error("no such document");
      if (categoryChanged && !(await setDocumentCategory(db, id, category || null))) throw new Error("no such document or category");
    } catch (error) {
      logger.warn({ err: error, id }, "document rename failed");
      return data<FormResult>({ formError: "Failed to rename file. Please try again.", values: form }, { status: 400 });
    }
    return redirect(BASE);
  }
  const bulk = await bulkDeleteStep(services, form, { removeMany: (ids) => deleteDocuments(db, services.storage, ids), back: listHref(BASE, readListQuery(new URL(args.request.url), DOCUMENT_SORTS)), noun: FILES });
  if (bulk) return bulk;
  if (form.intent === "delete") {
    return deleteConfirmed(services, id, (docId) => documents.model.remove(services, docId), documents.messages.delete, BASE, documents.noun);
  }
  return data<FormResult>({ formError: "Unknown action", values: form }, { status: 400 });
}

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, categories, managing, confirmDelete, uploaded, uploadErrors, replaced, replaceError } = loaderData;
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formMethod !== undefined;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <DocumentDropper action={`${BASE}/upload`} categories={categories} />
      <p>
        <Link to={`${BASE}/categories`}>Document categories</Link>: the groups of the Documents page, such as Minutes, Newsletters or Forms.
      </p>
      {uploaded && <p className="success">{uploaded === "1" ? "1 file uploaded." : `${uploaded} files uploaded.`}</p>}
      {replaced && (
        <p className="success" role="status">
          The file of “{replaced}” was replaced; its address stays the same.
        </p>
      )}
      {uploadErrors.length > 0 && (
        <ul className="alert" role="alert">
          {uploadErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {!managing && <FormAlert result={actionData} />}
      <h2>Files</h2>
      <ItemList
        list={list}
        base={BASE}
        empty={SCREEN.emptyText ?? ""}
        noun={["file", "files"]}
        action={{ label: "Rename or delete", param: "manage" }}
        rowName={(d) => d.displayName}
        selectable
        search="Search files"
      >
        {(d) => (
          <>
            <a href={`/documents/${d.id}`}>{d.displayName}</a>
            <span className="muted">
              {" "}
              · {humanSize(d.size)} · {shortDate(d.date)}
              {d.category && ` · ${d.category}`}
            </span>
          </>
        )}
      </ItemList>
      <BulkDeleteConfirm result={actionData} noun={FILES} closeTo={here} />
      {managing && (
        <Modal title={confirmDelete ? "Delete this file?" : "Rename or delete"} closeTo={here}>
          {actionData?.formError && (
            <p className="alert modal-alert" role="alert">
              {actionData.formError}
            </p>
          )}
          {confirmDelete ? (
            <Form method="post" className="stack">
              <p>“{managing.displayName}” will be deleted for good.</p>
              <input type="hidden" name="id" value={managing.id} />
              <div className="button-row">
                <button type="submit" name="intent" value="delete" className="button danger" disabled={processing}>
                  {processing ? "Processing…" : "Delete"}
                </button>
                <Link className="button secondary" to={`${BASE}?manage=${managing.id}`} preventScrollReset>
                  Cancel
                </Link>
              </div>
            </Form>
          ) : (
            <Form method="post" className="stack" key={managing.id}>
              <input type="hidden" name="id" value={managing.id} />
              <input type="hidden" name="current" value={managing.displayName} />
              <input type="hidden" name="currentCategory" value={managing.categoryId} />
              <FormField name="name" label="Name" limits={RENAME_LIMITS} result={actionData} defaultValue={managing.displayName} />
              {categories.length > 0 && (
                <FormField
                  name="category"
                  label="Category"
                  result={actionData}
                  defaultValue={managing.categoryId}
                  options={[{ value: "", label: "No category" }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
                />
              )}
              <div className="button-row">
                <button type="submit" name="intent" value="rename" className="button" disabled={processing}>
                  {processing ? "Processing…" : "Save"}
                </button>
                <Link className="button secondary danger-link" to={`${BASE}?manage=${managing.id}&confirm=delete`} preventScrollReset>
                  Delete
                </Link>
              </div>
            </Form>
          )}
          {!confirmDelete && <DocumentReplacer action={`${BASE}/replace?id=${encodeURIComponent(managing.id)}`} error={replaceError} />}
        </Modal>
      )}
    </>
  );
}
