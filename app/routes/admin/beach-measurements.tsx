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
import { listSites } from "#app/beach/data/sites.server.ts";
import { listParameters, parametersInUse } from "#app/beach/data/parameters.server.ts";
import { resultFormFields, resultFormSchema } from "#app/beach/site-forms.ts";
import { resultText, type Qualifier } from "#app/beach/results.ts";
import { E_COLI } from "#app/beach/parameters.ts";

const SCREEN = screen("beach-measurements");

export function meta() {
  return screenMeta(SCREEN);
}

const BASE = "/admin/beach-measurements";
/** How long the success message shows, in milliseconds (spec §9). */
const SUCCESS_MS = 3000;
const READINGS = ["reading", "readings"] as const;

type Row = { id: string; date: string; value: number; unit: string; siteId: string | null; site: string; parameter: string; ecoli: boolean; result: string; depth: number | null; time: string };

/** The catalogue and the sites, as the forms and the table need them (the add forms' choices, the table's names). */
async function catalogue(db: Parameters<typeof listSites>[0]) {
  const [sites, parameters] = await Promise.all([listSites(db), listParameters(db)]);
  return { sites, parameters };
}

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const { sites, parameters } = await catalogue(services.db);
  // Read with the table below: a table that cannot be read says "Failed to load measurements" (spec §8).
  let inUse: string[] = [];
  const siteName = new Map(sites.map((x) => [x.id, x.name]));
  const parameterOf = new Map(parameters.map((x) => [x.id, x]));
  const project = (m: Measurement): Row => {
    const parameter = parameterOf.get(m.parameterId);
    return {
      id: m.id,
      date: m.date,
      value: m.value,
      unit: parameter?.unitLabel ?? m.unit,
      siteId: m.siteId,
      site: (m.siteId && siteName.get(m.siteId)) || "",
      parameter: parameter?.name ?? m.parameterId,
      ecoli: m.parameterId === E_COLI,
      // The result as the lab wrote it: "<10", ">2,419.6", "not detected".
      result: resultText({ value: Number(m.value), qualifier: m.qualifier as Qualifier, detectionLimit: m.detectionLimit === null ? null : Number(m.detectionLimit) }, (n) => formatNumber(n, 2)),
      depth: m.depth === null ? null : Number(m.depth),
      time: m.time,
    };
  };
  let list: Page<Row, MeasurementSort>;
  let loadError: string | null = null;
  try {
    inUse = await parametersInUse(services.db);
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
    resultLimits: formLimits(resultFormFields(today, parameters, sites.map((x) => x.id))),
    sites: sites.map((x) => ({ value: x.id, label: x.name })),
    // The site a reading is put on when the form names none (and the sites' choice starts at).
    firstBeach: sites.find((x) => x.kind === "beach")?.id ?? null,
    parameters: parameters.map((x) => ({ value: x.id, label: `${x.name} (${x.unitLabel})${x.depthProfile ? ", with depth" : ""}` })),
    // The table names the site and the parameter of each result once the lake has more than one of either.
    show: { site: sites.length > 1, parameter: inUse.length > 1 || (inUse.length === 1 && inUse[0] !== E_COLI) },
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
  const { sites, parameters } = await catalogue(db);
  if (fields.intent === "add-result") {
    // A lab result of any parameter, as the lab wrote it (issue 27): "<10", ">2419.6", "ND", with depth and time.
    const result = parseForm(resultFormSchema(today, parameters, sites.map((x) => x.id)), fields);
    if (!result.ok) return data<ActionResult>(result.result, { status: 400 });
    try {
      await recordReading(services, result.data);
    } catch (error) {
      logger.error({ err: error }, "result add failed");
      return data<ActionResult>({ formError: "Failed to add measurement" }, { status: 500 });
    }
    return redirect(`${BASE}?added=${Date.now()}`);
  }

  const parsed = parseForm(measurementSchema(today), fields);
  // The spec's form names a site only when the lake has several; without one the reading is the first beach's.
  const siteId = fields.siteId || undefined;
  if (siteId !== undefined && !sites.some((x) => x.id === siteId)) {
    const fieldErrors = { ...(parsed.ok ? {} : parsed.result.fieldErrors), siteId: "Choose one of the sites" };
    return data<ActionResult>({ fieldErrors, values: fields }, { status: 400 });
  }
  if (!parsed.ok) return data<ActionResult>(parsed.result, { status: 400 });
  try {
    await recordReading(services, { ...parsed.data, ...(siteId ? { siteId } : {}) });
  } catch (error) {
    logger.error({ err: error }, "measurement add failed");
    return data<ActionResult>({ formError: "Failed to add measurement" }, { status: 500 });
  }
  return redirect(`${BASE}?added=${Date.now()}`);
}

/**
 * The table's columns: the spec's date, E. coli value and status; with several sites a Site column, and once results
 * of other parameters are stored a Parameter column, the value headed "Result" with its unit in each cell. A value is
 * shown as the lab wrote it ("<10", ">2,419.6"); only E. coli has a status by the spec's rules.
 */
function columnsFor(show: { site: boolean; parameter: boolean }): Column<Row, MeasurementSort>[] {
  return [
    dateColumn("desc", "asc"),
    ...(show.site ? [{ header: "Site", cell: (m: Row) => m.site }] : []),
    ...(show.parameter ? [{ header: "Parameter", cell: (m: Row) => `${m.parameter} (${m.unit})${m.depth === null ? "" : ` at ${formatNumber(m.depth, 2)} m`}${m.time ? `, ${m.time}` : ""}` }] : []),
    {
      header: show.parameter ? "Result" : `E. coli ${READING_UNIT}`,
      numeric: true,
      cell: (m) => m.result,
      sorts: [{ key: "highest", label: "highest first", direction: "descending" }],
    },
    {
      header: "Status",
      cell: (m) =>
        m.ecoli ? (
          <span className="status-chip" data-status={adminBeachStatus(m.value)}>
            {adminBeachStatus(m.value)}
          </span>
        ) : (
          ""
        ),
    },
  ];
}

export default function AdminBeachMeasurements({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, loadError, today, deleting, added, imported, sites, parameters, show, firstBeach } = loaderData;
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
          {sites.length > 1 && <FormField name="siteId" label="Site" options={sites} result={result} defaultValue={firstBeach ?? undefined} />}
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

      <section aria-labelledby="result-heading">
        <h2 id="result-heading">Add a lab result</h2>
        <p className="muted">Any parameter of the catalogue, with the lab's qualifier, the time of day and, for a profile, the depth.</p>
        <Form method="post" className="stack" key={`result-${added ?? "form"}`}>
          {sites.length > 1 && <FormField id="result-site" name="resultSite" label="Site sampled" options={sites} limits={loaderData.resultLimits} result={result} defaultValue={firstBeach ?? undefined} />}
          {sites.length <= 1 && <input type="hidden" name="resultSite" value={firstBeach ?? ""} />}
          <FormField name="parameterId" label="Parameter" options={parameters} limits={loaderData.resultLimits} result={result} defaultValue={E_COLI} />
          <FormField name="resultDate" label="Date sampled" type="date" max={today} limits={loaderData.resultLimits} result={result} defaultValue={today} />
          <FormField name="resultTime" label="Time sampled (optional)" type="time" limits={loaderData.resultLimits} result={result} defaultValue="" />
          <FormField
            name="result"
            label="Result as the lab wrote it"
            inputMode="decimal"
            limits={loaderData.resultLimits}
            result={result}
            defaultValue=""
            hint="In the parameter's unit: a number (12.5), below the detection limit (<10), above the method's range (>2419.6) or not detected (ND)."
          />
          <FormField name="depth" label="Depth in metres (optional)" inputMode="decimal" limits={loaderData.resultLimits} result={result} defaultValue="" hint="For water temperature and dissolved oxygen profiles; empty at the surface." />
          <p>
            <button type="submit" name="intent" value="add-result" className="button secondary" disabled={busy}>
              Add Result
            </button>
          </p>
        </Form>
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
            columns={columnsFor(show)}
            empty={SCREEN.emptyText ?? ""}
            rowName={(m) => (m.ecoli && m.siteId === firstBeach ? `the reading of ${shortDate(m.date)}` : `the ${m.parameter} result of ${shortDate(m.date)}${m.site ? ` at ${m.site}` : ""}`)}
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
            The reading of {deleting.ecoli && deleting.result === formatNumber(deleting.value, 2) ? deleting.value : deleting.result} on {shortDate(deleting.date)} will be deleted. This cannot be undone.
          </p>
        </ConfirmModal>
      )}
    </>
  );
}
