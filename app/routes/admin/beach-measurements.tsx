import { MaxFileSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/beach-measurements";
import { association } from "#content/association.ts";
import { ConfirmModal } from "#app/components/ConfirmModal.tsx";
import { adminBeachStatus } from "#app/lib/beach.ts";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { todayIn } from "#app/lib/dates.ts";
import { shortDate } from "#app/lib/format.ts";
import { fieldErrors, formFields, measurementSchema } from "#app/lib/forms.ts";
import { parseLabCsv } from "#app/lib/lab-csv.server.ts";
import { useTimedFlag } from "#app/lib/use-timed-flag.ts";
import { addMeasurement, deleteMeasurement, importMeasurements, listMeasurements } from "#app/models/measurements.server.ts";
import { FieldError } from "#app/components/FieldError.tsx";

export function meta() {
  return [{ title: "Beach Data · Admin" }];
}

const BASE = "/admin/beach-measurements";
/** How long the success message shows, in milliseconds (spec §9). */
const SUCCESS_MS = 3000;
/** Largest lab CSV accepted, in bytes. */
const MAX_CSV_BYTES = 5 * 1024 * 1024;
const PREVIEW_ROWS = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, logger } = getServices(context);
  const url = new URL(request.url);
  const sort = url.searchParams.get("sort") === "asc" ? "asc" : "desc";
  let measurements: { id: string; date: string; value: number; unit: string }[] = [];
  let loadError: string | null = null;
  try {
    const rows = await listMeasurements(db);
    measurements = rows.map((m) => ({ id: m.id, date: m.date, value: m.value, unit: m.unit }));
    if (sort === "asc") measurements.reverse();
  } catch (error) {
    logger.error({ err: error }, "measurements load failed");
    loadError = "Failed to load measurements";
  }
  const deleteId = url.searchParams.get("delete");
  return {
    measurements,
    loadError,
    sort,
    today: todayIn(association.timeZone),
    deleting: deleteId ? (measurements.find((m) => m.id === deleteId) ?? null) : null,
    added: url.searchParams.get("added"),
    imported: url.searchParams.get("imported"),
  };
}

type ActionResult =
  | { kind: "invalid"; fields: Record<string, string>; values: Record<string, string> }
  | { kind: "error"; error: string }
  | { kind: "preview"; csv: string; fileName: string; count: number; rows: { date: string; value: number }[]; errors: string[] };

export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { db, logger } = getServices(context);
  let csvFile: { name: string; text: string } | undefined;
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFileSize: MAX_CSV_BYTES, maxFiles: 1 }, async (upload: FileUpload) => {
      if (upload.fieldName === "csv") csvFile = { name: upload.name, text: await upload.text() };
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      return data<ActionResult>({ kind: "error", error: "That file is too large: lab CSV files of up to 5 MB are accepted." }, { status: 413 });
    }
    throw error;
  }
  const fields = formFields(form);

  if (fields.intent === "delete") {
    try {
      if (!fields.id || !(await deleteMeasurement(db, fields.id))) throw new Error("no such measurement");
    } catch (error) {
      logger.warn({ err: error, id: fields.id }, "measurement delete failed");
      return data<ActionResult>({ kind: "error", error: "Failed to delete measurement" }, { status: 400 });
    }
    return redirect(BASE);
  }

  if (fields.intent === "preview" || fields.intent === "import") {
    const csv = fields.intent === "preview" ? csvFile?.text : fields.csv;
    if (!csv) return data<ActionResult>({ kind: "error", error: "Choose a CSV file to import." }, { status: 400 });
    const parsed = parseLabCsv(csv);
    if (fields.intent === "preview" || parsed.errors.length > 0) {
      return data<ActionResult>({
        kind: "preview",
        csv,
        fileName: csvFile?.name ?? fields.fileName ?? "",
        count: parsed.readings.length,
        rows: parsed.readings.slice(-PREVIEW_ROWS),
        errors: parsed.errors.map((e) => e.message),
      }, { status: parsed.errors.length > 0 ? 400 : 200 });
    }
    try {
      const { added, skipped } = await importMeasurements(db, parsed.readings);
      return redirect(`${BASE}?imported=${added}-${skipped}`);
    } catch (error) {
      logger.error({ err: error }, "measurement import failed");
      return data<ActionResult>({ kind: "error", error: "Failed to add measurement" }, { status: 500 });
    }
  }

  const parsed = measurementSchema.safeParse(fields);
  if (!parsed.success) return data<ActionResult>({ kind: "invalid", fields: fieldErrors(parsed.error), values: fields }, { status: 400 });
  try {
    await addMeasurement(db, parsed.data);
  } catch (error) {
    logger.error({ err: error }, "measurement add failed");
    return data<ActionResult>({ kind: "error", error: "Failed to add measurement" }, { status: 500 });
  }
  return redirect(`${BASE}?added=${Date.now()}`);
}

export default function AdminBeachMeasurements({ loaderData, actionData }: Route.ComponentProps) {
  const { measurements, loadError, sort, today, deleting, added, imported } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const showAdded = useTimedFlag(result ? null : added, SUCCESS_MS);
  const showImported = useTimedFlag(result ? null : imported, SUCCESS_MS);
  const fields = result?.kind === "invalid" ? result.fields : {};
  const values = result?.kind === "invalid" ? result.values : {};
  const [importedCount, skippedCount] = (imported ?? "0-0").split("-");
  const nextSort = sort === "desc" ? "asc" : "desc";
  return (
    <>
      <h1>Beach Data</h1>
      <section aria-labelledby="add-heading">
        <h2 id="add-heading">Add a measurement</h2>
        <Form method="post" className="stack" key={added ?? "form"}>
          <div>
            <label htmlFor="date">Sample date</label>
            <input
              id="date"
              name="date"
              type="date"
              required
              max={today}
              defaultValue={values.date ?? today}
              aria-invalid={fields.date ? true : undefined}
              aria-describedby={fields.date ? "date-error" : undefined}
            />
            <FieldError id="date-error" message={fields.date} />
          </div>
          <div>
            <label htmlFor="value">E. coli (CFU per 100 mL)</label>
            <input
              id="value"
              name="value"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              required
              defaultValue={values.value ?? ""}
              aria-invalid={fields.value ? true : undefined}
              aria-describedby={fields.value ? "value-error" : undefined}
            />
            <FieldError id="value-error" message={fields.value} />
          </div>
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
              Imported {importedCount} measurements; {skippedCount} duplicates skipped.
            </p>
          )}
          {result?.kind === "error" && (
            <p className="alert" role="alert">
              {result.error}
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="import-heading">
        <h2 id="import-heading">Import a lab CSV</h2>
        <Form method="post" encType="multipart/form-data" className="stack">
          <div>
            <label htmlFor="csv">CSV file</label>
            <input id="csv" name="csv" type="file" accept=".csv,text/csv,text/plain" required aria-describedby="csv-hint" />
            <p id="csv-hint" className="muted">
              Columns <code>sample_date,escherichia_coli</code> (the lab's export) or <code>date,value</code>. You will
              see a preview before anything is saved.
            </p>
          </div>
          <p>
            <button type="submit" name="intent" value="preview" className="button secondary" disabled={busy}>
              Preview
            </button>
          </p>
        </Form>
        {result?.kind === "preview" && (
          <div className="card" aria-live="polite">
            <h3>Preview{result.fileName ? ` of ${result.fileName}` : ""}</h3>
            {result.errors.length > 0 ? (
              <>
                <p className="alert" role="alert">
                  Nothing can be imported: {result.errors.length} {result.errors.length === 1 ? "line has" : "lines have"} errors.
                  Correct the file and try again.
                </p>
                <ul>
                  {result.errors.slice(0, 50).map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <p>
                  {result.count} readings. The last {result.rows.length}:
                </p>
                <ul>
                  {result.rows.map((r, i) => (
                    <li key={i}>
                      {shortDate(r.date)}: {r.value} ({adminBeachStatus(r.value)})
                    </li>
                  ))}
                </ul>
                <Form method="post">
                  <input type="hidden" name="csv" value={result.csv} />
                  <input type="hidden" name="fileName" value={result.fileName} />
                  <button type="submit" name="intent" value="import" className="button" disabled={busy}>
                    Import {result.count} readings
                  </button>
                </Form>
              </>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="table-heading">
        <h2 id="table-heading">Measurements</h2>
        {loadError ? (
          <p className="alert" role="alert">
            {loadError}
          </p>
        ) : measurements.length === 0 ? (
          <p className="empty">No measurements found</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col" aria-sort={sort === "desc" ? "descending" : "ascending"}>
                    <Link to={`${BASE}?sort=${nextSort}`} preventScrollReset>
                      Date <span aria-hidden="true">{sort === "desc" ? "▼" : "▲"}</span>
                      <span className="visually-hidden">, sorted {sort === "desc" ? "newest first" : "oldest first"}; sort the other way</span>
                    </Link>
                  </th>
                  <th scope="col" className="num">
                    E. coli per 100 mL
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {measurements.map((m) => (
                  <tr key={m.id}>
                    <td>
                      <time dateTime={m.date}>{shortDate(m.date)}</time>
                    </td>
                    <td className="num">{m.value.toLocaleString("en-US", { maximumFractionDigits: 2 })}</td>
                    <td>
                      <span className="status-chip" data-status={adminBeachStatus(m.value)}>
                        {adminBeachStatus(m.value)}
                      </span>
                    </td>
                    <td>
                      <Link className="button small secondary" to={`${BASE}?sort=${sort}&delete=${m.id}`} preventScrollReset>
                        Delete<span className="visually-hidden"> the reading of {shortDate(m.date)}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {deleting && (
        <ConfirmModal title="Delete this measurement?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={`${BASE}?sort=${sort}`}>
          <p>
            The reading of {deleting.value} on {shortDate(deleting.date)} will be deleted. This cannot be undone.
          </p>
        </ConfirmModal>
      )}
    </>
  );
}
