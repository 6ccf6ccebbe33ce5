import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/messages";
import { ConfirmModal } from "#app/ui/ConfirmModal.tsx";
import { FormAlert } from "#app/ui/FormField.tsx";
import { Pager } from "#app/ui/AdminList.tsx";
import { adminRequest, deleteConfirmed, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { formFields } from "#app/platform/text/forms.ts";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import { listHref, readListQuery } from "#app/platform/http/list-query.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import {
  CONTACT_MESSAGE_SORTS,
  countUnhandledContactMessages,
  deleteContactMessage,
  getContactMessage,
  pageContactMessages,
  setContactMessageHandled,
  type ContactMessage,
  type ContactMessageSort,
} from "#app/mail/data/contact-messages.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("messages");
const BASE = "/admin/messages";
const NOUN: [string, string] = ["message", "messages"];
const DELETE_FAILED = "Failed to delete the message. Please try again.";

export function meta() {
  return screenMeta(SCREEN);
}

const MESSAGES: ListScreen<ContactMessage, never, ContactMessageSort, Record<string, string>> = {
  base: BASE,
  noun: "contact message",
  model: {
    sorts: CONTACT_MESSAGE_SORTS,
    page: (db, query) => pageContactMessages(db, query),
    get: (db, id) => getContactMessage(db, id),
    remove: ({ db }, id) => deleteContactMessage(db, id),
  },
  messages: { delete: DELETE_FAILED },
};

/**
 * Messages (issue 28, Administrators only: they hold residents' names and addresses): what was written on
 * /contact-us, newest first, 50 a page, each with its writer, time and text, a reply link, "Mark handled" (or "Mark
 * as waiting") and Delete, which asks first. Each message was also mailed to the contact address.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services } = adminRequest(args);
  const timeZone = await getTimeZone(services.db);
  const [list, waiting] = await Promise.all([
    loadList(args, MESSAGES, (m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      message: m.message,
      received: dateTimeIn(timeZone, Number(m.createdAt)),
      receivedIso: new Date(Number(m.createdAt)).toISOString(),
      handled: m.handledAt === null ? null : { by: m.handledBy ?? "", on: dateTimeIn(timeZone, Number(m.handledAt)) },
    })),
    countUnhandledContactMessages(services.db),
  ]);
  return { ...list, waiting };
}

/** `intent=handled` / `intent=waiting` with `id` marks a message; `intent=delete` (confirmed) deletes it. */
export async function action(args: Route.ActionArgs) {
  const { services, user, url } = adminRequest(args);
  const form = formFields(await args.request.formData());
  const back = listHref(BASE, readListQuery(url, CONTACT_MESSAGE_SORTS));
  if (form.intent === "handled" || form.intent === "waiting") {
    if (!form.id || !(await setContactMessageHandled(services.db, form.id, form.intent === "handled", user.email))) {
      return data({ formError: "That message is no longer there." }, { status: 404 });
    }
    return redirect(back);
  }
  return deleteConfirmed(services, form.id, (id) => deleteContactMessage(services.db, id), DELETE_FAILED, back, "contact message");
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, deleting, waiting } = loaderData;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">
        What residents wrote on the <Link to="/contact-us">Contact us</Link> page, newest first. Each message was also
        mailed to the association's contact address (Settings); a reply goes to the writer.
      </p>
      <FormAlert result={actionData} />
      <h2>
        {list.total} {list.total === 1 ? NOUN[0] : NOUN[1]}
        {list.total > 0 && `, ${waiting} waiting`}
      </h2>
      {list.total === 0 ? (
        <p>{SCREEN.emptyText}</p>
      ) : (
        <ul className="item-list">
          {list.rows.map((m) => (
            <li key={m.id} className="card stack">
              <article aria-labelledby={`message-${m.id}`}>
                <h3 id={`message-${m.id}`} className="card-title">
                  {m.name} <span className="muted">· {m.handled ? "handled" : "waiting"}</span>
                </h3>
                <p className="muted">
                  <a href={`mailto:${m.email}`}>{m.email}</a> · <time dateTime={m.receivedIso}>{m.received}</time>
                  {m.handled && ` · marked handled by ${m.handled.by} on ${m.handled.on}`}
                </p>
                <p className="contact-message">{m.message}</p>
                <div className="button-row">
                  <Form method="post" action={here}>
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" name="intent" value={m.handled ? "waiting" : "handled"} className="button small secondary">
                      {m.handled ? "Mark as waiting" : "Mark handled"}
                      <span className="visually-hidden"> (message from {m.name})</span>
                    </button>
                  </Form>
                  <Link className="button small secondary" to={listHref(BASE, list, { delete: m.id })}>
                    Delete<span className="visually-hidden"> message from {m.name}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} base={BASE} noun={NOUN} />
      {deleting && (
        <ConfirmModal title="Delete this message?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={here}>
          <p>
            The message from {deleting.name} ({deleting.email}) will be deleted from this list. The mail the board got
            stays in its mailbox.
          </p>
        </ConfirmModal>
      )}
    </>
  );
}
