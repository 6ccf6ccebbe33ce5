import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/events";
import { association } from "#content/association.ts";
import { ConfirmModal } from "#app/components/ConfirmModal.tsx";
import { Modal } from "#app/components/Modal.tsx";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { todayIn } from "#app/lib/dates.ts";
import { clockTime, shortDate } from "#app/lib/format.ts";
import { eventSchema, fieldErrors, formFields } from "#app/lib/forms.ts";
import { createEvent, deleteEvent, getEvent, listAllEvents, updateEvent } from "#app/models/events.server.ts";
import { FieldError } from "#app/components/FieldError.tsx";

export function meta() {
  return [{ title: "Events · Admin" }];
}

const BASE = "/admin/events";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdmin(context, request);
  const { db } = getServices(context);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const events = await listAllEvents(db);
  const blank = { title: "", date: todayIn(association.timeZone), startTime: "", timeDetails: "", place: "", eventDetails: "", author: user.email || "Anonymous" };
  let editing = null;
  if (editId === "new") editing = { id: null, ...blank };
  else if (editId) {
    const e = await getEvent(db, editId);
    if (e) editing = { id: e.id, title: e.title, date: e.date, startTime: e.startTime, timeDetails: e.timeDetails, place: e.place, eventDetails: e.eventDetails, author: e.author };
  }
  const deleting = deleteId ? (events.find((e) => e.id === deleteId) ?? null) : null;
  return {
    events: events.map((e) => ({ id: e.id, title: e.title, date: e.date, startTime: e.startTime, place: e.place })),
    editing,
    deleting,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const { db, logger } = getServices(context);
  const form = formFields(await request.formData());
  if (form.intent === "delete") {
    try {
      if (!form.id || !(await deleteEvent(db, form.id))) throw new Error("no such event");
    } catch (error) {
      logger.warn({ err: error, id: form.id }, "event delete failed");
      return data({ error: "Failed to delete event. Please try again.", fields: null, values: null }, { status: 400 });
    }
    return redirect(BASE);
  }
  const parsed = eventSchema(todayIn(association.timeZone), user.email || "Anonymous").safeParse(form);
  // What was typed goes back with the errors, so that nothing is lost.
  if (!parsed.success) return data({ error: null, fields: fieldErrors(parsed.error), values: form }, { status: 400 });
  if (form.id) {
    if (!(await updateEvent(db, form.id, parsed.data))) {
      return data({ error: "Failed to save event. Please try again.", fields: null, values: form }, { status: 404 });
    }
  } else {
    await createEvent(db, parsed.data, user.id);
  }
  return redirect(BASE);
}

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { events, deleting } = loaderData;
  const editing = loaderData.editing && actionData?.values ? { ...loaderData.editing, ...actionData.values } : loaderData.editing;
  const busy = useNavigation().state === "submitting";
  const fields: Record<string, string | undefined> = actionData?.fields ?? {};
  return (
    <>
      <div className="admin-head">
        <h1>Events</h1>
        <Link className="button" to={`${BASE}?edit=new`} preventScrollReset>
          Add Event
        </Link>
      </div>
      {actionData?.error && (
        <p className="alert" role="alert">
          {actionData.error}
        </p>
      )}
      {events.length === 0 ? (
        <p className="empty">We couldn't find any Events!</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Title</th>
                <th scope="col">Place</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={e.date}>{shortDate(e.date)}</time>
                    {e.startTime && <span className="muted"> {clockTime(e.startTime)}</span>}
                  </td>
                  <td>{e.title || <em className="muted">(no title)</em>}</td>
                  <td>{e.place}</td>
                  <td className="actions">
                    <Link className="button small secondary" to={`${BASE}?edit=${e.id}`} preventScrollReset>
                      Edit<span className="visually-hidden"> {e.title}</span>
                    </Link>
                    <Link className="button small secondary" to={`${BASE}?delete=${e.id}`} preventScrollReset>
                      Delete<span className="visually-hidden"> {e.title}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editing && (
        <Modal title={editing.id ? "Edit Event" : "Add a New Event"} closeTo={BASE}>
          <Form method="post" className="stack" key={editing.id ?? "new"}>
            {editing.id && <input type="hidden" name="id" value={editing.id} />}
            <div>
              <label htmlFor="title">Title</label>
              <input id="title" name="title" defaultValue={editing.title} maxLength={300} />
            </div>
            <div>
              <label htmlFor="date">Date</label>
              <input id="date" name="date" type="date" defaultValue={editing.date} aria-describedby={fields.date ? "date-error" : undefined} />
              <FieldError id="date-error" message={fields.date} />
            </div>
            <div>
              <label htmlFor="startTime">Start time</label>
              <input id="startTime" name="startTime" type="time" defaultValue={editing.startTime} aria-describedby={fields.startTime ? "startTime-error" : undefined} />
              <FieldError id="startTime-error" message={fields.startTime} />
            </div>
            <div>
              <label htmlFor="timeDetails">Time details</label>
              <input id="timeDetails" name="timeDetails" defaultValue={editing.timeDetails} maxLength={300} placeholder="e.g. 7 to 8:30 PM" />
            </div>
            <div>
              <label htmlFor="place">Place</label>
              <input id="place" name="place" defaultValue={editing.place} maxLength={300} />
            </div>
            <div>
              <label htmlFor="eventDetails">Details</label>
              <textarea id="eventDetails" name="eventDetails" rows={6} defaultValue={editing.eventDetails} />
            </div>
            <div>
              <label htmlFor="author">Author</label>
              <input id="author" name="author" defaultValue={editing.author} maxLength={200} />
            </div>
            <div className="button-row">
              <button type="submit" name="intent" value="save" className="button" disabled={busy}>
                {editing.id ? "Save Changes" : "Add Event"}
              </button>
              <Link className="button secondary" to={BASE} preventScrollReset>
                Cancel
              </Link>
            </div>
          </Form>
        </Modal>
      )}

      {deleting && (
        <ConfirmModal title="Delete this event?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={BASE}>
          <p>“{deleting.title || "(no title)"}” will be deleted from the site. This cannot be undone.</p>
        </ConfirmModal>
      )}
    </>
  );
}
