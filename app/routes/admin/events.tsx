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
import { repeatText } from "#app/news-events/occurrences.ts";
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

/** The time and repeat fields of a new event (issue 28 part 2): once, on one day, without an end time. */
const TIMING_BLANK = { endTime: "", allDay: "", endDate: "", repeat: "", repeatUntil: "", repeatCount: "", exceptions: "" };

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
  blank: (user, today) => ({ title: "", date: today, startTime: "", ...TIMING_BLANK, timeDetails: "", place: "", eventDetails: "", author: displayNameOf(user) }),
  toForm: (e) => ({
    title: e.title,
    date: e.date,
    startTime: e.startTime,
    endTime: e.endTime,
    allDay: e.allDay ? "on" : "",
    endDate: e.endDate,
    repeat: e.repeat,
    repeatUntil: e.repeatUntil,
    repeatCount: e.repeatCount === null ? "" : String(e.repeatCount),
    exceptions: e.exceptions.split(",").join("\n"),
    timeDetails: e.timeDetails,
    place: e.place,
    eventDetails: e.eventDetails,
    author: e.author,
  }),
  messages: { delete: "Failed to delete event. Please try again.", save: "Failed to save event. Please try again." },
};

export async function loader(args: Route.LoaderArgs) {
  const { services, user } = adminRequest(args);
  const timeZone = await getTimeZone(services.db);
  const now = Date.now();
  const list = await loadList(args, events, (e) => ({
    id: e.id,
    title: e.title,
    date: e.date,
    startTime: e.allDay ? "" : e.startTime,
    endDate: e.endDate > e.date ? e.endDate : "",
    repeats: repeatText(e),
    place: e.place,
    status: statusOf(e, timeZone, now),
  }));
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
        {e.endDate && (
          <>
            {" – "}
            <time dateTime={e.endDate}>{shortDate(e.endDate)}</time>
          </>
        )}
        {e.startTime && <span className="muted"> {clockTime(e.startTime)}</span>}
        {e.repeats && <span className="muted"> · {e.repeats}</span>}
      </>
    ),
    sorts: dateSorts("latest", "earliest", ["latest first", "earliest first"]),
  },
  titleColumn("title"),
  { header: "Place", cell: (e) => e.place },
  { header: "Status", cell: (e) => e.status },
];

/** The "Repeats" choices (app/news-events/occurrences.ts's REPEATS), as the board reads them. */
const REPEAT_OPTIONS = [
  { value: "", label: "Does not repeat" },
  { value: "weekly", label: "Every week" },
  { value: "monthly", label: "Every month, on the same date" },
  { value: "monthly-weekday", label: "Every month, on the same weekday (e.g. the second Tuesday)" },
  { value: "yearly", label: "Every year" },
];

const FIELDS: FieldSpec[] = [
  { name: "title", label: "Title" },
  { name: "date", label: "Date", type: "date" },
  { name: "startTime", label: "Start time", type: "time" },
  { name: "endTime", label: "End time", type: "time", hint: "Optional. Calendars show the event until then." },
  { name: "allDay", label: "All day", type: "checkbox", hint: "No start or end time: the whole day (or days)." },
  { name: "endDate", label: "End date", type: "date", hint: "For an event over several days: its last day. Leave empty for one day." },
  { name: "timeDetails", label: "Time details", placeholder: "e.g. 7 to 8:30 PM" },
  { name: "place", label: "Place" },
  { name: "repeat", label: "Repeats", options: REPEAT_OPTIONS },
  { name: "repeatUntil", label: "Repeat until", type: "date", hint: "For a repeating event: the last date it may fall on. Leave empty to repeat without end." },
  { name: "repeatCount", label: "Number of times", type: "number", inputMode: "numeric", hint: "Or: how many times in all, the first included." },
  { name: "exceptions", label: "Skipped dates", rows: 3, hint: "Dates this repeating event does not take place, one a line, as YYYY-MM-DD (e.g. 2026-12-24)." },
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
