import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/beach-import";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { formFields } from "#app/platform/text/forms.ts";
import { counted } from "#app/platform/text/plural.ts";
import { shortDate } from "#app/platform/text/format.ts";
import { listParameters } from "#app/beach/data/parameters.server.ts";
import { listSites } from "#app/beach/data/sites.server.ts";
import { FIELD_LABELS, LAB_FIELDS, LAB_SHAPES, SHAPE_LABELS, type LabField, type LabMapping } from "#app/beach/lab-files/columns.ts";
import { importLabFile, inspectLabFile, type Inspection } from "#app/beach/lab-files/importer.server.ts";
import { columnFieldName, mappingFromForm } from "#app/beach/lab-files/mapping-schema.ts";
import { findLabUpload, receiveLabUpload, removeLabUpload } from "#app/beach/lab-files/uploads.server.ts";
import { LAB_FILE_BODY } from "#app/beach/lab-files/limits.ts";
import { LabFileError } from "#app/beach/lab-files/read-file.server.ts";
import { LabFileUpload } from "#app/beach/lab-files/LabFileUpload.tsx";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("beach-measurements/import");
const BASE = "/admin/beach-measurements/import";
const MEASUREMENTS = "/admin/beach-measurements";
/** The most problems the page lists (all are counted; the command line prints them all). */
const PROBLEMS_SHOWN = 500;

export function meta() {
  return screenMeta(SCREEN);
}

/** One lab file of up to 64 MB, streamed to a temporary file. */
export const handle: RouteHandle = { body: LAB_FILE_BODY };

/** The choices the board made, as the form sends them back: the mapping, the sheet and whether to create sites. */
interface Choices {
  mapping: LabMapping;
  sheet: string | null;
  createSites: boolean;
}

/** The choices as one string: an import is done only with the choices whose preview the board saw. */
function choicesKey(choices: Choices): string {
  const columns = Object.fromEntries(Object.entries(choices.mapping.columns).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify([choices.mapping.shape, columns, choices.mapping.parameterId, choices.mapping.siteId, choices.mapping.ignore, choices.sheet ?? "", choices.createSites]);
}

/** What the page needs of an inspection (the problems cut to `PROBLEMS_SHOWN`). */
function project(inspection: Inspection, choices: Omit<Choices, "mapping">) {
  return {
    ...inspection,
    problems: inspection.problems.slice(0, PROBLEMS_SHOWN).map((p) => p.message),
    createSites: choices.createSites,
    key: choicesKey({ mapping: inspection.mapping, ...choices }),
  };
}

type Step = {
  token: string;
  fileName: string;
  inspection: ReturnType<typeof project>;
  parameters: { id: string; name: string }[];
  sites: { id: string; name: string }[];
};

async function catalogueOf(db: Parameters<typeof listSites>[0]) {
  const [parameters, sites] = await Promise.all([listParameters(db), listSites(db)]);
  return { parameters: parameters.map((p) => ({ id: p.id, name: p.name })), sites: sites.map((s) => ({ id: s.id, name: s.name })) };
}

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const token = url.searchParams.get("file") ?? "";
  if (token === "") return { step: null, uploadError: null };
  const upload = await findLabUpload(token);
  if (!upload) return { step: null, uploadError: "That upload is no longer here: upload the file again." };
  try {
    const inspection = await inspectLabFile(services.db, upload.path, {});
    return { step: { token, fileName: upload.name, inspection: project(inspection, { sheet: null, createSites: false }), ...(await catalogueOf(services.db)) } satisfies Step, uploadError: null };
  } catch (error) {
    if (!(error instanceof LabFileError)) throw error;
    services.logger.info({ err: error }, "lab file unreadable");
    return { step: null, uploadError: error.message };
  }
}

/** What the action answers besides a redirect. */
type ActionResult = { step?: Step; uploadError?: string; formError?: string; notice?: string };

export async function action(args: Route.ActionArgs) {
  const { services } = adminRequest(args);
  const { request } = args;

  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const received = await receiveLabUpload(request);
    if ("error" in received) return data<ActionResult>({ uploadError: received.error }, { status: received.status, headers: received.unread ? { Connection: "close" } : {} });
    return redirect(`${BASE}?file=${received.token}`);
  }

  const form = await request.formData();
  const fields = formFields(form);
  const token = fields.file ?? "";
  const upload = await findLabUpload(token);
  if (fields.intent === "cancel") {
    await removeLabUpload(token);
    return redirect(MEASUREMENTS);
  }
  if (!upload) return data<ActionResult>({ uploadError: "That upload is no longer here: upload the file again." }, { status: 400 });

  const choices: Choices = {
    mapping: mappingFromForm(fields, form.getAll("ignore").map(String)),
    sheet: fields.sheet ? fields.sheet : null,
    createSites: fields.createSites === "on",
  };
  const show = async (inspection: Inspection, extra: Omit<ActionResult, "step">, status = 200) =>
    data<ActionResult>({ step: { token, fileName: upload.name, inspection: project(inspection, choices), ...(await catalogueOf(services.db)) }, ...extra }, { status });

  try {
    // Another sheet chosen: its columns are those remembered or guessed for it, not the last sheet's.
    if ((fields.sheet ?? "") !== (fields.shownSheet ?? "") && fields.intent === "check") {
      return await show(await inspectLabFile(services.db, upload.path, { sheet: choices.sheet, createSites: choices.createSites }), {});
    }
    if (fields.intent === "import-good" || fields.intent === "import-all") {
      if (fields.checked !== choicesKey(choices)) {
        const inspection = await inspectLabFile(services.db, upload.path, choices);
        return await show(inspection, { notice: "The choices changed since the preview: here is the preview for them. Nothing is imported yet." }, 409);
      }
      const outcome = await importLabFile(services, upload.path, { ...choices, goodRowsOnly: fields.intent === "import-good" });
      if (!outcome.imported) {
        return await show(outcome.inspection, { formError: "Nothing imported: the file has problems. Import only its good rows, or correct the file and upload it again." }, 400);
      }
      await removeLabUpload(token);
      services.logger.info({ added: outcome.added, skipped: outcome.skipped, sites: outcome.sitesCreated }, "lab file imported");
      return redirect(`${MEASUREMENTS}?imported=${outcome.added}-${outcome.skipped}`);
    }
    const inspection = await inspectLabFile(services.db, upload.path, choices);
    return await show(inspection, {}, Object.keys(inspection.mappingProblems).length > 0 ? 400 : 200);
  } catch (error) {
    if (error instanceof LabFileError || error instanceof RangeError) {
      return data<ActionResult>({ uploadError: error.message }, { status: 400 });
    }
    services.logger.error({ err: error }, "lab file import failed");
    return data<ActionResult>({ uploadError: "Failed to import the file. Nothing was saved; please try again." }, { status: 500 });
  }
}

export default function BeachImport({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const step = result?.step ?? (result?.uploadError ? null : loaderData.step);
  const uploadError = result?.uploadError ?? loaderData.uploadError ?? undefined;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p>
        <Link to={MEASUREMENTS}>Back to Beach Data</Link>
      </p>
      {step ? <MappingStep step={step} formError={result?.formError} notice={result?.notice} /> : <LabFileUpload error={uploadError} />}
    </>
  );
}

function MappingStep({ step, formError, notice }: { step: Step; formError?: string | undefined; notice?: string | undefined }) {
  const busy = useNavigation().state === "submitting";
  const { inspection } = step;
  const names = inspection.header?.names ?? [];
  const problems = inspection.mappingProblems as Partial<Record<LabField | "parameterId", string>>;
  const mappable = Object.keys(problems).length === 0;
  const workbook = inspection.kind !== "csv";
  const siteColumns = inspection.mapping.shape === "site-columns";
  return (
    <Form method="post" action={BASE} className="stack wide" key={inspection.key}>
      <input type="hidden" name="file" value={step.token} />
      <input type="hidden" name="checked" value={inspection.key} />
      <input type="hidden" name="shownSheet" value={inspection.sheet ?? ""} />
      {!siteColumns &&
        inspection.mapping.ignore.map((name) => <input key={name} type="hidden" name="ignore" value={name} />)}
      <p>
        {step.fileName} ({inspection.kind === "csv" ? "CSV" : inspection.kind === "xlsx" ? "Excel workbook" : "Excel 97–2003 workbook"}
        {workbook ? `, ${counted(inspection.sheets.length, "sheet", "sheets")}` : ""}).{" "}
        {inspection.header
          ? `Its columns are read from ${inspection.header.sheet ? `sheet "${inspection.header.sheet}", ` : ""}line ${inspection.header.line}; ${
              inspection.mappingSource === "remembered" ? "they are as you chose them for this source before." : inspection.mappingSource === "guessed" ? "they are guessed from their names: check them." : "they are as you chose them."
            }`
          : "No row of it looks like a header (column names): check the file."}
      </p>
      <div aria-live="polite">
        {notice && <p className="alert">{notice}</p>}
        {formError && (
          <p className="alert" role="alert">
            {formError}
          </p>
        )}
      </div>

      <fieldset>
        <legend>Columns</legend>
        {workbook && (
          <Choice name="sheet" label="Sheet" value={inspection.sheet ?? ""} options={[["", "Every sheet with these columns"], ...inspection.sheets.map((s) => [s, s] as [string, string])]} />
        )}
        <Choice name="shape" label="Shape" value={inspection.mapping.shape} options={LAB_SHAPES.map((s) => [s, SHAPE_LABELS[s]] as [string, string])} />
        {LAB_FIELDS.map((field) => (
          <Choice
            key={field}
            name={columnFieldName(field)}
            label={FIELD_LABELS[field]}
            value={inspection.mapping.columns[field] ?? ""}
            options={[["", "(no column)"], ...names.map((n) => [n, n] as [string, string])]}
            error={problems[field]}
          />
        ))}
        <Choice
          name="parameterId"
          label="Parameter of every result (when no column names it)"
          value={inspection.mapping.parameterId}
          options={[["", "(choose one)"], ...step.parameters.map((p) => [p.id, p.name] as [string, string])]}
          error={problems.parameterId}
        />
        <Choice name="siteId" label="Site of every result (when no column names it)" value={inspection.mapping.siteId} options={[["", "The first beach"], ...step.sites.map((s) => [s.id, s.name] as [string, string])]} />
      </fieldset>
      {siteColumns && (
        <fieldset>
          <legend>Columns that are not sites</legend>
          <p className="muted">In a file with a column per site, every other column is read as a site's results, except those checked here.</p>
          {names
            .filter((n) => n !== inspection.mapping.columns.date && n !== inspection.mapping.columns.time)
            .map((name, i) => (
              <div className="checkbox" key={name}>
                <input type="checkbox" id={`ignore-${i}`} name="ignore" value={name} defaultChecked={inspection.mapping.ignore.includes(name)} />
                <label htmlFor={`ignore-${i}`}>{name}</label>
              </div>
            ))}
        </fieldset>
      )}
      <p>
        <button type="submit" name="intent" value="check" className="button secondary" disabled={busy}>
          Check the file again
        </button>
      </p>

      {mappable && (
        <section aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview</h2>
          <p>
            {counted(inspection.goodCount, "good row", "good rows")}
            {inspection.problemCount > 0 ? `; ${counted(inspection.problemCount, "problem", "problems")} in ${counted(inspection.problemRows, "row", "rows")}.` : ", no problems."}
          </p>
          {(inspection.unknownSites.length > 0 || inspection.newSites.length > 0) && (
            <>
              <h3>Sites not known yet</h3>
              <ul>
                {(inspection.unknownSites.length > 0 ? inspection.unknownSites : inspection.newSites.map((name) => ({ name, rows: 0 }))).map((s) => (
                  <li key={s.name}>
                    {s.name}
                    {s.rows > 0 ? ` (${counted(s.rows, "row", "rows")})` : ""}
                  </li>
                ))}
              </ul>
              <div>
                <div className="checkbox">
                  <input type="checkbox" id="createSites" name="createSites" defaultChecked={inspection.createSites} aria-describedby="createSites-hint" />
                  <label htmlFor="createSites">Create these sites</label>
                </div>
                <p id="createSites-hint" className="muted">
                  As beaches named as the file writes them, when you import; you can change them on the Sites screen. Check the file again to see
                  the rows they make good.
                </p>
              </div>
            </>
          )}
          <div className="button-row">
            <button type="submit" name="intent" value="cancel" className="button secondary" formNoValidate disabled={busy}>
              Import nothing
            </button>
            {inspection.goodCount > 0 && inspection.problemCount > 0 && (
              <button type="submit" name="intent" value="import-good" className="button" disabled={busy}>
                Import the {counted(inspection.goodCount, "good row", "good rows")}
              </button>
            )}
            {inspection.goodCount > 0 && inspection.problemCount === 0 && (
              <button type="submit" name="intent" value="import-all" className="button" disabled={busy}>
                Import {counted(inspection.goodCount, "row", "rows")}
              </button>
            )}
          </div>
          {inspection.skippedSheets.length > 0 && (
            <>
              <h3>Sheets not read</h3>
              <ul>
                {inspection.skippedSheets.map((s) => (
                  <li key={s.sheet}>
                    "{s.sheet}": {s.reason}.
                  </li>
                ))}
              </ul>
            </>
          )}
          {inspection.preview.length > 0 && (
            <>
              <h3>The first results as read</h3>
              <ol>
                {inspection.preview.map((r) => (
                  <li key={`${r.sheet}-${r.line}-${r.site}-${r.date}`}>
                    {r.sheet ? `${r.sheet}, ` : ""}line {r.line}: {shortDate(r.date)}
                    {r.time ? ` ${r.time}` : ""}, {r.site}, {r.parameter} {r.result} {r.unit}
                    {r.depth !== null ? ` at ${r.depth} m` : ""}
                  </li>
                ))}
              </ol>
            </>
          )}
          {inspection.problemCount > 0 && (
            <>
              <h3>Problems</h3>
              <ul>
                {inspection.problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
              {inspection.problemCount > inspection.problems.length && (
                <p>
                  … and {counted(inspection.problemCount - inspection.problems.length, "more problem", "more problems")} (<code>npm run import:measurements</code> prints them
                  all).
                </p>
              )}
            </>
          )}
        </section>
      )}
      {!mappable && (
        <div className="button-row">
          <button type="submit" name="intent" value="cancel" className="button secondary" formNoValidate disabled={busy}>
            Import nothing
          </button>
        </div>
      )}
    </Form>
  );
}

/** A labelled select; its error is shown beside it and read with it. */
function Choice({ name, label, value, options, error }: { name: string; label: string; value: string; options: [string, string][]; error?: string | undefined }) {
  const id = `choice-${name}`;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
