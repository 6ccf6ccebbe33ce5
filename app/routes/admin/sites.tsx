import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sites";
import type { Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import type { FieldLimits, FormResult } from "#app/platform/text/forms.ts";
import { FormField } from "#app/ui/FormField.tsx";
import { BODY_MESSAGES } from "#app/platform/http/request-body.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { uploadBody } from "#app/platform/files/upload-limits.ts";
import { counted, listOfNames } from "#app/platform/text/plural.ts";
import { siteFormSchema, suggestIdentifier, type SiteInput } from "#app/beach/site-forms.ts";
import { formatCoordinates, MAX_OUTLINE_BYTES, readLakeOutline } from "#app/beach/lake-map.ts";
import { RULE_PROFILES } from "#app/beach/profiles.ts";
import { getLakeOutline, saveLakeOutline } from "#app/beach/data/lake-outline.server.ts";
import { listSitesLeftOutOfSwimGuide } from "#app/beach/open-data-sources.server.ts";
import {
  addSite,
  countSiteResults,
  getSite,
  listBeaches,
  moveSite,
  pageSites,
  removeSite,
  SITE_SORTS,
  SiteRefused,
  updateSite,
  type MonitoringSite,
  type SiteKind,
  type SiteSort,
} from "#app/beach/data/sites.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("sites");
const BASE = "/admin/sites";

/** The list's forms, and the lake outline's upload (one GeoJSON file of up to 2 MB). */
export const handle: RouteHandle = { body: uploadBody(1, MAX_OUTLINE_BYTES) };

export function meta() {
  return screenMeta(SCREEN);
}

const KIND_LABEL: Record<SiteKind, string> = { beach: "Beach", station: "Open-water station" };
/** A profile as the list shows it: its label up to the colon ("US EPA 2012"). */
const profileName = (id: string) => (RULE_PROFILES.find((p) => p.id === id)?.label ?? id).split(":")[0]!;

type SiteValues = Record<"name" | "kind" | "identifier" | "latitude" | "longitude" | "profile", string>;

const sites: ListScreen<MonitoringSite, SiteInput, SiteSort, SiteValues> = {
  base: BASE,
  noun: "site",
  model: {
    sorts: SITE_SORTS,
    page: pageSites,
    get: getSite,
    create: ({ db }, input) => addSite(db, input, suggestIdentifier(input.name)),
    update: (db, id, input) => updateSite(db, id, input, suggestIdentifier(input.name)),
    remove: async ({ db }, id) => (await removeSite(db, id)) !== null,
    move: (db, id, direction) => moveSite(db, id, direction),
  },
  schema: () => siteFormSchema,
  blank: () => ({ name: "", kind: "station", identifier: "", latitude: "", longitude: "", profile: "spec" }),
  toForm: (s) => ({
    name: s.name,
    kind: s.kind,
    identifier: s.identifier,
    latitude: s.latitude === null ? "" : String(s.latitude),
    longitude: s.longitude === null ? "" : String(s.longitude),
    profile: s.profile,
  }),
  messages: { delete: "Failed to delete the site. Please try again.", save: "Failed to save the site. Please try again." },
};

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const { db } = services;
  const list = await loadList(args, sites, (s) => ({
    id: s.id,
    title: s.name,
    kind: s.kind === "station" ? ("station" as const) : ("beach" as const),
    identifier: s.identifier,
    coordinates: s.latitude === null || s.longitude === null ? "" : formatCoordinates(Number(s.latitude), Number(s.longitude)),
    profile: profileName(s.profile),
  }));
  const [outline, beaches, results, unplaced] = await Promise.all([
    getLakeOutline(db),
    listBeaches(db),
    list.deleting ? countSiteResults(db, list.deleting.id) : Promise.resolve(0),
    listSitesLeftOutOfSwimGuide(db),
  ]);
  return {
    ...list,
    deletingResults: results,
    deletingLastBeach: list.deleting !== null && list.deleting.kind === "beach" && beaches.length <= 1,
    outline: outline ? { polygons: outline.polygons.length, positions: outline.polygons.flat(2).length } : null,
    outlineSaved: url.searchParams.get("outline"),
    /** Beaches Swim Guide's file leaves out: RecML needs a position (issue 27). */
    unplacedBeaches: unplaced.map((site) => site.name),
  };
}

/** What the action answers besides the list's results: the outline upload's problem. */
type ActionResult = FormResult & { outlineError?: string };

export async function action(args: Route.ActionArgs) {
  const { services } = adminRequest(args);
  let file: string | undefined;
  let form: FormData;
  try {
    form = await parseFormData(args.request, { maxFileSize: MAX_OUTLINE_BYTES, maxFiles: 1 }, async (upload: FileUpload) => {
      if (upload.fieldName === "outline" && upload.size > 0) file = await upload.text();
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) {
      return data<ActionResult>({ outlineError: `That file is too large: outlines of up to ${MAX_OUTLINE_BYTES / 1024 / 1024} MB are accepted.` }, { status: 413 });
    }
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) return data<ActionResult>({ formError: BODY_MESSAGES.unreadable }, { status: 400 });
    throw error;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;

  if (fields.intent === "outline") {
    if (file === undefined) return data<ActionResult>({ outlineError: "Choose a GeoJSON file of the lake's outline." }, { status: 400 });
    const outline = readLakeOutline(file);
    if ("problem" in outline) return data<ActionResult>({ outlineError: outline.problem }, { status: 400 });
    await saveLakeOutline(services.db, outline);
    return redirect(`${BASE}?outline=saved`);
  }
  if (fields.intent === "remove-outline") {
    await saveLakeOutline(services.db, null);
    return redirect(`${BASE}?outline=removed`);
  }
  if (fields.intent === "delete" && fields.id) {
    const [site, beaches] = await Promise.all([getSite(services.db, fields.id), listBeaches(services.db)]);
    if (site?.kind === "beach" && beaches.length <= 1) {
      return data<ActionResult>({ formError: "The lake's only beach cannot be removed: add another beach first." }, { status: 400 });
    }
  }
  try {
    return await listAction(args, sites, fields);
  } catch (error) {
    if (!(error instanceof SiteRefused)) throw error;
    // The identifier another site has, or a change that would leave the lake without a beach: said beside the field.
    const field = error.reason === "identifier taken" ? "identifier" : "kind";
    return data<ActionResult>({ fieldErrors: { [field]: error.message }, values: fields }, { status: 400 });
  }
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, SiteSort>[] = [
  { header: "Site", cell: (s) => s.title },
  { header: "Kind", cell: (s) => KIND_LABEL[s.kind] },
  { header: "Identifier", cell: (s) => <code>{s.identifier}</code> },
  { header: "Coordinates", cell: (s) => s.coordinates || "Not given" },
  { header: "Rule profile", cell: (s) => s.profile },
];

const COORDINATES_HINT =
  "Decimal degrees (WGS 84), as GPS and map apps give them; south and west are negative. On openstreetmap.org, right-click the spot and choose “Show address”; in Google Maps, right-click it: the first line is latitude, longitude.";

const IDENTIFIER_HINT = "The site's WQX Monitoring Location Identifier, in open data and lab files: letters, digits and dashes. Leave it empty to make one from the name.";

/**
 * The identifier field, last in the form: once the page has JavaScript its placeholder shows the identifier the name
 * typed above would make (`suggestIdentifier`, as the server makes it when the field is left empty).
 */
function IdentifierField(props: { limits: Record<string, FieldLimits>; result: FormResult | undefined; value: string | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const [suggested, setSuggested] = useState("HERON-DEEP-1");
  useEffect(() => {
    const name = box.current?.closest("form")?.elements.namedItem("name");
    if (!(name instanceof HTMLInputElement)) return;
    const follow = () => setSuggested(name.value.trim() ? suggestIdentifier(name.value) : "HERON-DEEP-1");
    follow();
    name.addEventListener("input", follow);
    return () => name.removeEventListener("input", follow);
  }, []);
  return (
    <div ref={box}>
      <FormField name="identifier" label="Identifier (optional)" placeholder={suggested} hint={IDENTIFIER_HINT} limits={props.limits} result={props.result} defaultValue={props.value} />
    </div>
  );
}

const FIELDS: FieldSpec[] = [
  { name: "name", label: "Name" },
  { name: "kind", label: "Kind", options: [{ value: "beach", label: "Beach" }, { value: "station", label: "Open-water station" }] },
  { name: "latitude", label: "Latitude (optional)", inputMode: "decimal", placeholder: "45.12345", hint: COORDINATES_HINT },
  { name: "longitude", label: "Longitude (optional)", inputMode: "decimal", placeholder: "-89.54321" },
  { name: "profile", label: "Rule profile", options: RULE_PROFILES.map((p) => ({ value: p.id, label: p.label })), hint: "The rules that turn the site's results into its public status." },
];

export default function AdminSites({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const { outline, outlineSaved, deletingResults, deletingLastBeach, unplacedBeaches } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <ListScreenView
        heading={SCREEN.heading}
        base={BASE}
        {...loaderData}
        result={result}
        columns={COLUMNS}
        fields={FIELDS}
        empty=""
        noun="Site"
        plural="sites"
        movable
        extraFields={loaderData.editing && <IdentifierField limits={loaderData.limits} result={result} value={loaderData.editing.values.identifier} />}
        deleteMessage={(site) =>
          deletingLastBeach ? (
            <p>{`${site.title} is the lake's only beach and cannot be removed: add another beach first. Cancel to keep it.`}</p>
          ) : (
            <p>
              {`“${site.title}” will be removed`}
              {deletingResults > 0 ? <strong>{`, with its ${counted(deletingResults, "result", "results")}`}</strong> : " (it has no results)"}
              . This cannot be undone.
            </p>
          )
        }
      />
      {unplacedBeaches.length > 0 && (
        <p className="notice" id="swim-guide-unplaced">
          {`Swim Guide's file (/data/swimguide.json) lists only beaches with coordinates: add the latitude and longitude of ${listOfNames(unplacedBeaches)} (Edit) to publish ${unplacedBeaches.length === 1 ? "it" : "them"} there.`}
        </p>
      )}
      <section aria-labelledby="outline-heading">
        <h2 id="outline-heading">Lake outline</h2>
        <p>
          {outline
            ? `The Lake page draws the outline you uploaded (${counted(outline.polygons, "polygon", "polygons")}, ${counted(outline.positions, "point", "points")}) with the sites that have coordinates.`
            : "Without an outline, the Lake page shows the sites that have coordinates on a blank map, once two sites have them."}
        </p>
        <div aria-live="polite">
          {outlineSaved === "saved" && !result && <p className="success">The lake outline was saved.</p>}
          {outlineSaved === "removed" && !result && <p className="success">The lake outline was removed.</p>}
        </div>
        <Form method="post" encType="multipart/form-data" className="stack">
          <div>
            <label htmlFor="outline">Outline file (GeoJSON)</label>
            <input
              id="outline"
              name="outline"
              type="file"
              accept=".geojson,.json,application/geo+json,application/json"
              required
              aria-invalid={result?.outlineError ? true : undefined}
              aria-describedby={`outline-hint${result?.outlineError ? " outline-error" : ""}`}
            />
            <p id="outline-hint" className="muted">
              A GeoJSON Polygon or MultiPolygon (alone, in a Feature or a FeatureCollection) of up to 2 MB, in longitude and latitude (WGS 84). One way:
              find the lake on openstreetmap.org, note its way or relation number, and export it as GeoJSON with a tool such as overpass-turbo.eu.
              Nothing is fetched from another site when the page is shown.
            </p>
            {result?.outlineError && (
              <p id="outline-error" className="field-error" role="alert">
                {result.outlineError}
              </p>
            )}
          </div>
          <p>
            <button type="submit" name="intent" value="outline" className="button" disabled={busy}>
              Upload outline
            </button>
          </p>
        </Form>
        {outline && (
          <Form method="post">
            <button type="submit" name="intent" value="remove-outline" className="button secondary" disabled={busy}>
              Remove outline
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
