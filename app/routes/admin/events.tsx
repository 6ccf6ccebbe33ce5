import type { Route } from "./+types/events";
import type { z } from "zod";
import { dateSorts, titleColumn, type Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, displayNameOf, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { loadPublishing, mailPreviewAction, publishedItemWrites, statusOf } from "#app/web/publishing.server.ts";
import { clockTime, shortDate } from "#app/platform/text/format.ts";
import { formFields } from "#app/platform/text/forms.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { eventFormSchema } from "#app/news-events/forms.ts";
import { previewMail, saveEvent } from "#app/news-events/announcements.server.ts";
import { PublishFields, type MailPreviewResult } from "#app/news-events/PublishFields.tsx";
import { deleteEvent, deleteEvents, EVENT_SORTS, getEvent, pageEvents, type Event, type EventSort } from "#app/news-events/data/events.server.ts";
import { screen, screenMeta } from "./screens.ts";
import { PLACEHOLDER_HINT } from "#app/site/placeholders.ts";

const SCREEN = screen("events");
const BASE = "/admin/events";

export function meta() {
  return screenMeta(SCREEN);
}

type EventForm = z.output<ReturnType<typeof eventFormSchema>>;

const events: ListScreen<Event, EventForm, EventSort, Record<string, string>> = {
  base: BASE,
  noun: "event",
  model: {
    sorts: EVENT_SORTS,
    page: pageEvents,
    get: getEvent,
    // The board's "Publish" choice and mail choice go with the event (decision 025); a plain save publishes now.
    ...publishedItemWrites(saveEvent),
    remove: ({ db }, id) => deleteEvent(db, id),
    removeMany: ({ db }, ids) => deleteEvents(db, ids),
  },
  schema: (user, today) => eventFormSchema(today, displayNameOf(user)),
  blank: (user, today) => ({ title: "", date: today, startTime: "", timeDetails: "", place: "", eventDetails: "", author: displayNameOf(user) }),
  toForm: (e) => ({ title: e.title, date: e.date, startTime: e.startTime, timeDetails: e.timeDetails, place: e.place, eventDetails: e.eventDetails, author: e.author }),
  messages: { delete: "Failed to delete event. Please try again.", save: "Failed to save event. Please try again." },
};

export async function loader(args: Route.LoaderArgs) {
  const { services, user } = adminRequest(args);
  const timeZone = await getTimeZone(services.db);
  const now = Date.now();
  const list = await loadList(args, events, (e) => ({ id: e.id, title: e.title, date: e.date, startTime: e.startTime, place: e.place, status: statusOf(e, timeZone, now) }));
  return { ...list, ...(await loadPublishing(services, user, "events", list.editing, (id) => getEvent(services.db, id))) };
}

export async function action(args: Route.ActionArgs) {
  adminRequest(args); // a guest is sent to /login before the form is read
  const fields = formFields(await args.request.formData());
  if (fields.intent === "preview" || fields.intent === "test") {
    return mailPreviewAction(args, fields, (user, today, name) => eventFormSchema(today, displayNameOf(user) || name), (services, event, id) =>
      // A new event has no id yet: its preview's calendar link has "new" in its place.
      previewMail(services.db, services.config.publicUrl, { kind: "events", event: { ...event, id: id ?? "new" } }),
    );
  }
  return listAction(args, events, fields);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, EventSort>[] = [
  {
    header: "Date",
    cell: (e) => (
      <>
        <time dateTime={e.date}>{shortDate(e.date)}</time>
        {e.startTime && <span className="muted"> {clockTime(e.startTime)}</span>}
      </>
    ),
    sorts: dateSorts("latest", "earliest", ["latest first", "earliest first"]),
  },
  titleColumn("title"),
  { header: "Place", cell: (e) => e.place },
  { header: "Status", cell: (e) => e.status },
];

const FIELDS: FieldSpec[] = [
  { name: "title", label: "Title" },
  { name: "date", label: "Date", type: "date" },
  { name: "startTime", label: "Start time", type: "time" },
  { name: "timeDetails", label: "Time details", placeholder: "e.g. 7 to 8:30 PM" },
  { name: "place", label: "Place" },
  { name: "eventDetails", label: "Details", rows: 6, type: "markdown", hint: PLACEHOLDER_HINT },
  { name: "author", label: "Author" },
];

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MailPreviewResult | undefined;
  const { publishing, editing } = loaderData;
  return (
    <ListScreenView
      heading={SCREEN.heading}
      base={BASE}
      {...loaderData}
      result={result}
      columns={COLUMNS}
      fields={FIELDS}
      empty={SCREEN.emptyText ?? ""}
      noun="Event"
      plural="events"
      extraFields={
        publishing &&
        editing && <PublishFields data={publishing} values={editing.values} result={result} />
      }
    />
  );
}
