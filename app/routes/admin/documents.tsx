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
import { deleteDocument, deleteDocuments, DOCUMENT_SORTS, getDocument, pageDocuments, renameDocument, type DocumentRecord, type DocumentSort } from "#app/documents/data/documents.server.ts";
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
  const timeZone = await getTimeZone(getServices(args.context).db);
  const { list, here } = await loadList(args, documents, (d) => ({
    id: d.id,
    displayName: d.displayName,
    contentType: d.contentType,
    size: d.size,
    date: todayIn(timeZone, new Date(d.created)),
  }));
  const url = new URL(args.request.url);
  const manageId = url.searchParams.get("manage");
  const managing = manageId ? await getDocument(getServices(args.context).db, manageId) : undefined;
  return {
    list,
    here,
    managing: managing ? { id: managing.id, displayName: managing.displayName } : null,
    confirmDelete: url.searchParams.has("confirm"),
    uploaded: url.searchParams.get("uploaded"),
    uploadErrors: url.searchParams.getAll("error"),
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
    // An unchanged name just closes the modal (spec §5).
    if (name === form.current) return redirect(BASE);
    try {
      if (!(await renameDocument(db, id, name))) throw new Error("no such document");
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
  const { list, here, managing, confirmDelete, uploaded, uploadErrors } = loaderData;
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formMethod !== undefined;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <DocumentDropper action={`${BASE}/upload`} />
      {uploaded && <p className="success">{uploaded === "1" ? "1 file uploaded." : `${uploaded} files uploaded.`}</p>}
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
              <FormField name="name" label="Name" limits={RENAME_LIMITS} result={actionData} defaultValue={managing.displayName} />
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
        </Modal>
      )}
    </>
  );
}
