import type { Route } from "./+types/events";
import { dateSorts, titleColumn, type Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { authorOf, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { clockTime, shortDate } from "#app/platform/text/format.ts";
import { eventSchema } from "#app/news-events/forms.ts";
import { publishEvent } from "#app/news-events/announcements.server.ts";
import { deleteEvent, deleteEvents, EVENT_SORTS, getEvent, pageEvents, updateEvent, type Event, type EventInput, type EventSort } from "#app/news-events/data/events.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("events");
const BASE = "/admin/events";

export function meta() {
  return screenMeta(SCREEN);
}

type EventForm = Record<keyof EventInput, string>;

const events: ListScreen<Event, EventInput, EventSort, EventForm> = {
  base: BASE,
  noun: "event",
  model: { sorts: EVENT_SORTS, page: pageEvents, get: getEvent, create: async (services, input, by) => {
      await publishEvent(services, input, by);
    }, update: (db, id, input) => updateEvent(db, id, input), remove: ({ db }, id) => deleteEvent(db, id), removeMany: ({ db }, ids) => deleteEvents(db, ids) },
  schema: (user, today) => eventSchema(today, authorOf(user)),
  blank: (user, today) => ({ title: "", date: today, startTime: "", timeDetails: "", place: "", eventDetails: "", author: authorOf(user) }),
  toForm: (e) => ({ title: e.title, date: e.date, startTime: e.startTime, timeDetails: e.timeDetails, place: e.place, eventDetails: e.eventDetails, author: e.author }),
  messages: { delete: "Failed to delete event. Please try again.", save: "Failed to save event. Please try again." },
};

export function loader(args: Route.LoaderArgs) {
  return loadList(args, events, (e) => ({ id: e.id, title: e.title, date: e.date, startTime: e.startTime, place: e.place }));
}

export function action(args: Route.ActionArgs) {
  return listAction(args, events);
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
];

const FIELDS: FieldSpec[] = [
  { name: "title", label: "Title" },
  { name: "date", label: "Date", type: "date" },
  { name: "startTime", label: "Start time", type: "time" },
  { name: "timeDetails", label: "Time details", placeholder: "e.g. 7 to 8:30 PM" },
  { name: "place", label: "Place" },
  { name: "eventDetails", label: "Details", rows: 6, type: "markdown" },
  { name: "author", label: "Author" },
];

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreenView heading={SCREEN.heading} base={BASE} {...loaderData} result={actionData} columns={COLUMNS} fields={FIELDS} empty={SCREEN.emptyText ?? ""} noun="Event" plural="events" />
  );
}
