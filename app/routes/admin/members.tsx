import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/members";
import { ConfirmModal } from "#app/components/ConfirmModal.tsx";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { formFields } from "#app/lib/forms.ts";
import { addMembers, deleteMember, listMembers } from "#app/models/members.server.ts";

export function meta() {
  return [{ title: "Members · Admin" }];
}

const BASE = "/admin/members";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const members = await listMembers(getServices(context).db);
  const url = new URL(request.url);
  const deleteId = url.searchParams.get("delete");
  return {
    members: members.map((m) => ({ id: m.id, email: m.email })),
    deleting: deleteId ? (members.find((m) => m.id === deleteId) ?? null) : null,
    added: url.searchParams.get("added"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { db, logger } = getServices(context);
  const form = formFields(await request.formData());
  if (form.intent === "delete") {
    if (!form.id || !(await deleteMember(db, form.id))) {
      return data({ error: "Failed to delete member. Please try again." }, { status: 400 });
    }
    return redirect(BASE);
  }
  const emails = form.emails ?? "";
  if (emails.length > 100_000) return data({ error: "That list is too long: add at most a few thousand at a time." }, { status: 400 });
  const added = await addMembers(db, emails);
  logger.info({ added: added.length }, "members added");
  return redirect(`${BASE}?added=${added.length}`);
}

export default function AdminMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { members, deleting, added } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Members</h1>
      {actionData?.error && (
        <p className="alert" role="alert">
          {actionData.error}
        </p>
      )}
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
        {members.length} {members.length === 1 ? "member" : "members"}
      </h2>
      {members.length === 0 ? (
        <p className="empty">There are no members yet.</p>
      ) : (
        <ul className="item-list">
          {members.map((m) => (
            <li key={m.id} className="card admin-head row">
              <span className="wrap">{m.email}</span>
              <Link className="button small secondary" to={`${BASE}?delete=${m.id}`} preventScrollReset>
                Delete<span className="visually-hidden"> {m.email}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmModal title="Delete this member?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={BASE}>
          <p>{deleting.email} will no longer receive member email.</p>
        </ConfirmModal>
      )}
    </>
  );
}
