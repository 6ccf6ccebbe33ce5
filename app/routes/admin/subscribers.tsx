import { Form } from "react-router";
import type { Route } from "./+types/subscribers";
import { ItemList } from "#app/ui/AdminList.tsx";
import { BulkDeleteConfirm, ConfirmModal } from "#app/ui/ConfirmModal.tsx";
import { FormAlert } from "#app/ui/FormField.tsx";
import { adminRequest, bulkDeleteStep, deleteConfirmed, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { formFields } from "#app/platform/text/forms.ts";
import { LIST_LABELS } from "#app/mail/mail-texts.ts";
import { listHref, readListQuery } from "#app/platform/http/list-query.ts";
import {
  deleteSubscriber,
  deleteSubscribers,
  getSubscriber,
  pageSubscribers,
  parseLists,
  SUBSCRIBER_SORTS,
  subscriberCounts,
  type Subscriber,
  type SubscriberSort,
} from "#app/mail/data/subscribers.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("subscribers");
const BASE = "/admin/subscribers";
const SUBSCRIBERS = ["subscriber", "subscribers"] as const;

export function meta() {
  return screenMeta(SCREEN);
}

/** The screen for a search: its links keep `?q=`. */
function subscribersScreen(search: string): ListScreen<Subscriber, never, SubscriberSort, Record<string, string>> {
  return {
    base: search ? `${BASE}?${new URLSearchParams({ q: search })}` : BASE,
    noun: "subscriber",
    model: { sorts: SUBSCRIBER_SORTS, page: (db, query) => pageSubscribers(db, query, search), get: (db, id) => getSubscriber(db, id), remove: ({ db }, id) => deleteSubscriber(db, id) },
    messages: { delete: "Failed to remove subscriber. Please try again." },
  };
}

/**
 * Subscribers (issue 11): how many get each list, the addresses (searchable, 50 a page), removal, and an export of
 * the confirmed ones with their consent record (CSV, at /admin/subscribers/export).
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 254);
  const [list, counts] = await Promise.all([
    loadList(args, subscribersScreen(search), (s) => ({
      id: s.id,
      email: s.email,
      lists: parseLists(s.lists).map((l) => LIST_LABELS[l]).join(", "),
      confirmed: s.confirmedAt !== null,
    })),
    subscriberCounts(services.db),
  ]);
  return { ...list, counts, search };
}

export async function action(args: Route.ActionArgs) {
  const { services, url } = adminRequest(args);
  const form = formFields(await args.request.formData());
  const search = (url.searchParams.get("q") ?? "").trim();
  const back = listHref(subscribersScreen(search).base, readListQuery(url, SUBSCRIBER_SORTS));
  const bulk = await bulkDeleteStep(services, form, { removeMany: (ids) => deleteSubscribers(services.db, ids), back, noun: SUBSCRIBERS });
  if (bulk) return bulk;
  return deleteConfirmed(services, form.id, (id) => deleteSubscriber(services.db, id), "Failed to remove subscriber. Please try again.", back, "subscriber");
}

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, deleting, counts, search } = loaderData;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <FormAlert result={actionData} />
      <dl className="facts counts">
        <div className="fact">
          <dt>{LIST_LABELS.beach}</dt>
          <dd>{counts.beach}</dd>
        </div>
        <div className="fact">
          <dt>{LIST_LABELS.news}</dt>
          <dd>{counts.news}</dd>
        </div>
        <div className="fact">
          <dt>{LIST_LABELS.events}</dt>
          <dd>{counts.events}</dd>
        </div>
        <div className="fact">
          <dt>Awaiting confirmation</dt>
          <dd>{counts.pending}</dd>
        </div>
      </dl>
      <p className="muted">
        Residents subscribe on the public pages and confirm by email; unconfirmed addresses are forgotten after 7 days.
      </p>
      <div className="button-row bottom">
        <Form method="get" role="search" className="search-form">
          <label htmlFor="q">Search addresses</label>
          <input id="q" name="q" type="search" defaultValue={search} maxLength={254} />
          <button type="submit" className="button secondary">
            Search
          </button>
        </Form>
        <a className="button secondary" href={`${BASE}/export`} download>
          Export confirmed subscribers (CSV)
        </a>
      </div>
      <h2>
        {list.total} {list.total === 1 ? "subscriber" : "subscribers"}
        {search && ` matching “${search}”`}
      </h2>
      <ItemList
        list={list}
        base={search ? `${BASE}?${new URLSearchParams({ q: search })}` : BASE}
        empty={SCREEN.emptyText ?? ""}
        noun={["subscriber", "subscribers"]}
        action={{ label: "Remove", param: "delete" }}
        rowName={(s) => s.email}
        selectable
      >
        {(s) => (
          <>
            {s.email} <span className="muted">· {s.confirmed ? s.lists : "awaiting confirmation"}</span>
          </>
        )}
      </ItemList>
      <BulkDeleteConfirm result={actionData} noun={SUBSCRIBERS} closeTo={here} />
      {deleting && (
        <ConfirmModal title="Remove this subscriber?" id={deleting.id} intent="delete" confirmLabel="Remove" closeTo={here}>
          <p>{deleting.email} will get no more mail from the lists.</p>
        </ConfirmModal>
      )}
    </>
  );
}
