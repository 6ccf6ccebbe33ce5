import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/beach-measurements";
import { AdminList, dateColumn, type Column } from "#app/ui/AdminList.tsx";
import { BulkDeleteConfirm, ConfirmModal } from "#app/ui/ConfirmModal.tsx";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { adminRequest, bulkDeleteStep, deleteConfirmed } from "#app/web/admin-screens.server.ts";
import { deleteReading, deleteReadings, recordReading } from "#app/beach/updates.server.ts";
import { adminBeachStatus, READING_UNIT } from "#app/beach/status.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { formatNumber, shortDate } from "#app/platform/text/format.ts";
import { LabFileUpload } from "#app/beach/lab-files/LabFileUpload.tsx";
import { counted } from "#app/platform/text/plural.ts";
import { formFields, formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { measurementSchema } from "#app/beach/forms.ts";
import { listHref, PAGE_SIZE, readListQuery, type BulkDeleteAsk, type Page } from "#app/platform/http/list-query.ts";
import { useTimedFlag } from "#app/ui/use-timed-flag.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { getMeasurement, MEASUREMENT_SORTS, pageMeasurements, type Measurement, type MeasurementSort } from "#app/beach/data/readings.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("beach-measurements");

export function meta() {
  return screenMeta(SCREEN);
}

const BASE = "/admin/beach-measurements";
/** How long the success message shows, in milliseconds (spec §9). */
const SUCCESS_MS = 3000;
const READINGS = ["reading", "readings"] as const;

type Row = { id: string; date: string; value: number; unit: string };

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const project = (m: Measurement): Row => ({ id: m.id, date: m.date, value: m.value, unit: m.unit });
  let list: Page<Row, MeasurementSort>;
  let loadError: string | null = null;
  try {
    const found = await pageMeasurements(services.db, readListQuery(url, MEASUREMENT_SORTS));
    list = { ...found, rows: found.rows.map(project) };
  } catch (error) {
    services.logger.error({ err: error }, "measurements load failed");
    loadError = "Failed to load measurements";
    list = { rows: [], total: 0, page: 1, pageCount: 1, pageSize: PAGE_SIZE, sort: MEASUREMENT_SORTS[0], defaultSort: MEASUREMENT_SORTS[0] };
  }
  const deleteId = url.searchParams.get("delete");
  const deleting = deleteId ? await getMeasurement(services.db, deleteId).catch(() => undefined) : undefined;
  const today = todayIn(await getTimeZone(services.db));
  return {
    list,
    here: listHref(BASE, list),
    loadError,
    today,
    deleting: deleting ? project(deleting) : null,
    limits: formLimits(measurementSchema(today)),
    added: url.searchParams.get("added"),
    imported: url.searchParams.get("imported"),
  };
}

/** What the action answers: the shared form result. A lab file goes to the import screen (beach-import.tsx). */
type ActionResult = FormResult & BulkDeleteAsk;

export async function action(args: Route.ActionArgs) {
  const { services } = adminRequest(args);
  const { db, logger } = services;
  const { request } = args;
  const form = await request.formData();
  const fields = formFields(form);
  const back = listHref(BASE, readListQuery(new URL(request.url), MEASUREMENT_SORTS));
  // Deleting readings together is one change of state: one alert at most, for the status they leave.
  const bulk = await bulkDeleteStep(services, fields, { removeMany: async (ids) => (await deleteReadings(services, ids)).deleted, back, noun: READINGS });
  if (bulk) return bulk;

  if (fields.intent === "delete") {
    return deleteConfirmed(
      services,
      fields.id,
      (id) => deleteReading(services, id),
      "Failed to delete measurement",
      back,
      "measurement",
    );
  }

  // Readings dated after the association's today are refused, in the form and in a lab file alike (issue 24).
  const today = todayIn(await getTimeZone(db));
  const parsed = parseForm(measurementSchema(today), fields);
  if (!parsed.ok) return data<ActionResult>(parsed.result, { status: 400 });
  try {
    await recordReading(services, parsed.data);
  } catch (error) {
    logger.error({ err: error }, "measurement add failed");
    return data<ActionResult>({ formError: "Failed to add measurement" }, { status: 500 });
  }
  return redirect(`${BASE}?added=${Date.now()}`);
}

const COLUMNS: Column<Row, MeasurementSort>[] = [
  dateColumn("desc", "asc"),
  {
    header: `E. coli ${READING_UNIT}`,
    numeric: true,
    cell: (m) => formatNumber(m.value, 2),
    sorts: [{ key: "highest", label: "highest first", direction: "descending" }],
  },
  {
    header: "Status",
    cell: (m) => (
      <span className="status-chip" data-status={adminBeachStatus(m.value)}>
        {adminBeachStatus(m.value)}
      </span>
    ),
  },
];

export default function AdminBeachMeasurements({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, loadError, today, deleting, added, imported } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const showAdded = useTimedFlag(result ? null : added, SUCCESS_MS);
  const showImported = useTimedFlag(result ? null : imported, SUCCESS_MS);
  const limits = loaderData.limits;
  const [importedCount, skippedCount] = (imported ?? "0-0").split("-");
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <section aria-labelledby="add-heading">
        <h2 id="add-heading">Add a measurement</h2>
        <Form method="post" className="stack" key={added ?? "form"}>
          <FormField name="date" label="Sample date" type="date" max={today} limits={limits} result={result} defaultValue={today} />
          <FormField name="value" label={`E. coli (${READING_UNIT})`} type="number" inputMode="decimal" limits={limits} result={result} defaultValue="" />
          <p>
            <button type="submit" name="intent" value="add" className="button" disabled={busy}>
              Add Measurement
            </button>
          </p>
        </Form>
        <div aria-live="polite">
          {showAdded && <p className="success">Measurement added successfully!</p>}
          {showImported && (
            <p className="success">
              Imported {counted(importedCount, "measurement", "measurements")}; {counted(skippedCount, "duplicate", "duplicates")} skipped.
            </p>
          )}
          <FormAlert result={result} />
        </div>
      </section>

      <section aria-labelledby="import-heading">
        <h2 id="import-heading">Import a lab file</h2>
        <LabFileUpload />
      </section>

      <section aria-labelledby="table-heading">
        <h2 id="table-heading">Measurements</h2>
        {loadError ? (
          <p className="alert" role="alert">
            {loadError}
          </p>
        ) : (
          <AdminList
            list={list}
            base={BASE}
            columns={COLUMNS}
            empty={SCREEN.emptyText ?? ""}
            rowName={(m) => `the reading of ${shortDate(m.date)}`}
            actions={[{ label: "Delete", param: "delete" }]}
            noun={["reading", "readings"]}
            selectable
            search="Search readings by date (2026-05 finds May 2026)"
          />
        )}
      </section>

      <BulkDeleteConfirm result={result} noun={READINGS} closeTo={here} />
      {deleting && (
        <ConfirmModal title="Delete this measurement?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={here}>
          <p>
            The reading of {deleting.value} on {shortDate(deleting.date)} will be deleted. This cannot be undone.
          </p>
        </ConfirmModal>
      )}
    </>
  );
}
