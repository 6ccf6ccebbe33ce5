import type { Route } from "./+types/events";
import { association } from "#content/association.ts";
import { AdminList, type Column } from "#app/components/AdminList.tsx";
import { ConfirmModal } from "#app/components/ConfirmModal.tsx";
import { EditModal, ListHead } from "#app/components/EditModal.tsx";
import { FormAlert, FormField } from "#app/components/FormField.tsx";
import { authorOf, listAction, loadList, type ListScreen } from "#app/lib/admin.server.ts";
import { todayIn } from "#app/lib/dates.ts";
import { clockTime, shortDate } from "#app/lib/format.ts";
import { eventSchema } from "#app/lib/forms.ts";
import { listHref } from "#app/lib/list-query.ts";
import { createEvent, deleteEvent, EVENT_SORTS, getEvent, pageEvents, updateEvent, type Event, type EventInput, type EventSort } from "#app/models/events.server.ts";
import { screen } from "./screens.ts";

const SCREEN = screen("events");
const BASE = "/admin/events";

export function meta() {
  return [{ title: `${SCREEN.heading} · Admin` }];
}

type EventForm = Record<keyof EventInput, string>;

const events: ListScreen<Event, EventInput, EventSort, EventForm> = {
  base: BASE,
  noun: "event",
  model: { sorts: EVENT_SORTS, page: pageEvents, get: getEvent, create: createEvent, update: updateEvent, remove: ({ db }, id) => deleteEvent(db, id) },
  schema: (user) => eventSchema(todayIn(association.timeZone), authorOf(user)),
  blank: (user) => ({ title: "", date: todayIn(association.timeZone), startTime: "", timeDetails: "", place: "", eventDetails: "", author: authorOf(user) }),
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
    sorts: [
      { key: "latest", label: "latest first", direction: "descending" },
      { key: "earliest", label: "earliest first", direction: "ascending" },
    ],
  },
  { header: "Title", cell: (e) => e.title || <em className="muted">(no title)</em>, sorts: [{ key: "title", label: "by title", direction: "ascending" }] },
  { header: "Place", cell: (e) => e.place },
];

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, editing, deleting, limits } = loaderData;
  const field = { limits, result: actionData };
  return (
    <>
      <ListHead heading={SCREEN.heading} addLabel="Add Event" addTo={listHref(BASE, list, { edit: "new" })} />
      {!editing && <FormAlert result={actionData} />}
      <AdminList
        list={list}
        base={BASE}
        columns={COLUMNS}
        empty={SCREEN.emptyText ?? ""}
        rowName={(e) => e.title}
        actions={[
          { label: "Edit", param: "edit" },
          { label: "Delete", param: "delete" },
        ]}
        noun={["event", "events"]}
      />
      {editing && (
        <EditModal title={editing.id ? "Edit Event" : "Add a New Event"} closeTo={here} id={editing.id} submitLabel={editing.id ? "Save Changes" : "Add Event"}>
          <FormAlert result={actionData} />
          <FormField name="title" label="Title" {...field} defaultValue={editing.values.title} />
          <FormField name="date" label="Date" type="date" {...field} defaultValue={editing.values.date} />
          <FormField name="startTime" label="Start time" type="time" {...field} defaultValue={editing.values.startTime} />
          <FormField name="timeDetails" label="Time details" placeholder="e.g. 7 to 8:30 PM" {...field} defaultValue={editing.values.timeDetails} />
          <FormField name="place" label="Place" {...field} defaultValue={editing.values.place} />
          <FormField name="eventDetails" label="Details" rows={6} {...field} defaultValue={editing.values.eventDetails} />
          <FormField name="author" label="Author" {...field} defaultValue={editing.values.author} />
        </EditModal>
      )}
      {deleting && (
        <ConfirmModal title="Delete this event?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={here}>
          <p>“{deleting.title || "(no title)"}” will be deleted from the site. This cannot be undone.</p>
        </ConfirmModal>
      )}
    </>
  );
}
