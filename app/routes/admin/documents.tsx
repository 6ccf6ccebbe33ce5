import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/documents";
import { association } from "#content/association.ts";
import { DocumentDropper } from "#app/components/DocumentDropper.tsx";
import { Modal } from "#app/components/Modal.tsx";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { todayIn } from "#app/lib/dates.ts";
import { shortDate } from "#app/lib/format.ts";
import { cleanDisplayName } from "#app/lib/file-types.server.ts";
import { formFields } from "#app/lib/forms.ts";
import { deleteDocument, listDocuments, renameDocument } from "#app/models/documents.server.ts";

export function meta() {
  return [{ title: "Documents · Admin" }];
}

const BASE = "/admin/documents";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const documents = (await listDocuments(getServices(context).db)).map((d) => ({
    id: d.id,
    displayName: d.displayName,
    contentType: d.contentType,
    size: d.size,
    date: todayIn(association.timeZone, new Date(d.created)),
  }));
  const url = new URL(request.url);
  const manageId = url.searchParams.get("manage");
  return {
    documents,
    managing: manageId ? (documents.find((d) => d.id === manageId) ?? null) : null,
    confirmDelete: url.searchParams.has("confirm"),
    uploaded: url.searchParams.get("uploaded"),
    uploadErrors: url.searchParams.getAll("error"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { db, storage, logger } = getServices(context);
  const form = formFields(await request.formData());
  const id = form.id ?? "";
  if (form.intent === "rename") {
    const name = cleanDisplayName(form.name ?? "");
    if ((form.name ?? "").trim() === "") {
      return data({ error: null, fields: { name: "Please enter a name" }, values: form }, { status: 400 });
    }
    // An unchanged name just closes the modal (spec §5).
    if (name === form.current) return redirect(BASE);
    try {
      if (!(await renameDocument(db, id, name))) throw new Error("no such document");
    } catch (error) {
      logger.warn({ err: error, id }, "document rename failed");
      return data({ error: "Failed to rename file. Please try again.", fields: null, values: form }, { status: 400 });
    }
    return redirect(BASE);
  }
  if (form.intent === "delete") {
    try {
      if (!(await deleteDocument(db, storage, id))) throw new Error("no such document");
    } catch (error) {
      logger.warn({ err: error, id }, "document delete failed");
      return data({ error: "Failed to delete file. Please try again.", fields: null, values: form }, { status: 400 });
    }
    return redirect(BASE);
  }
  return data({ error: "Unknown action", fields: null, values: form }, { status: 400 });
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { documents, managing, confirmDelete, uploaded, uploadErrors } = loaderData;
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const nameError = actionData?.fields?.name;
  return (
    <>
      <h1>Documents</h1>
      <DocumentDropper action={`${BASE}/upload`} />
      {uploaded && <p className="success">{uploaded === "1" ? "1 file uploaded." : `${uploaded} files uploaded.`}</p>}
      {uploadErrors.length > 0 && (
        <ul className="alert" role="alert">
          {uploadErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {actionData?.error && !managing && (
        <p className="alert" role="alert">
          {actionData.error}
        </p>
      )}
      <h2>Files</h2>
      {documents.length === 0 ? (
        <p className="empty">We couldn't find any Files!</p>
      ) : (
        <ul className="item-list">
          {documents.map((d) => (
            <li key={d.id} className="card admin-head row">
              <span className="wrap">
                <a href={`/documents/${d.id}`}>{d.displayName}</a>
                <span className="muted">
                  {" "}
                  · {humanSize(d.size)} · {shortDate(d.date)}
                </span>
              </span>
              <Link className="button small secondary" to={`${BASE}?manage=${d.id}`} preventScrollReset>
                Rename or delete<span className="visually-hidden"> {d.displayName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {managing && (
        <Modal title={confirmDelete ? "Delete this file?" : "Rename or delete"} closeTo={BASE}>
          {actionData?.error && (
            <p className="alert modal-alert" role="alert">
              {actionData.error}
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
              <div>
                <label htmlFor="name">Name</label>
                <input
                  id="name"
                  name="name"
                  required
                  maxLength={200}
                  defaultValue={actionData?.values?.name ?? managing.displayName}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? "name-error" : undefined}
                />
                {nameError && (
                  <p id="name-error" className="field-error">
                    {nameError}
                  </p>
                )}
              </div>
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
