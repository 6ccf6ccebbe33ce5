import { data, Form, redirect, useNavigation } from "react-router";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import type { Route } from "./+types/beach-advisory";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { adminRequest, authorOf } from "#app/web/admin-screens.server.ts";
import { liftAdvisory, postAdvisory } from "#app/beach/updates.server.ts";
import { formFields, formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { advisorySchema, bloomReportSchema } from "#app/beach/forms.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { ADVISORY_STATUSES } from "#app/beach/status.ts";
import { BLOOM_LABELS, BLOOM_LEVELS, BLOOM_STATUS } from "#app/beach/profiles.ts";
import { getSiteAdvisory } from "#app/beach/data/advisory.server.ts";
import { FIRST_SITE_ID, listBeaches } from "#app/beach/data/sites.server.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { countMailableSubscribers } from "#app/mail/data/subscribers.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("beach-advisory");
const BASE = "/admin/beach-advisory";

export function meta() {
  return screenMeta(SCREEN);
}

/** The beaches, and the one a request is about: `site` when it names a beach, else the first. */
async function chosenBeach(db: Database, site: string | null | undefined) {
  const beaches = await listBeaches(db);
  const chosen = beaches.find((b) => b.id === site) ?? beaches[0];
  return { beaches, siteId: chosen?.id ?? FIRST_SITE_ID, siteName: chosen?.name ?? "" };
}

/** The screen's address after a write: the site kept when it is not the first beach. */
function back(done: string, siteId: string, beaches: { id: string }[]): string {
  return siteId === beaches[0]?.id ? `${BASE}?done=${done}` : `${BASE}?site=${encodeURIComponent(siteId)}&done=${done}`;
}

/**
 * The manual beach advisory (issue 11): a closure for a spill or after heavy rain, with its reason. While posted it
 * overrides the status of the latest reading on the public pages; posting and lifting each alert the beach list.
 * Per beach since issue 27 (a choice of beach when there are several), and the board may post a bloom report
 * instead (green, yellow, red), which counts as one of the beach's parameters.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const { beaches, siteId, siteName } = await chosenBeach(services.db, url.searchParams.get("site"));
  const [advisory, timeZone, subscribers] = await Promise.all([getSiteAdvisory(services.db, siteId), getTimeZone(services.db), countMailableSubscribers(services.db, "beach", { id: siteId, first: siteId === beaches[0]?.id })]);
  return {
    advisory: advisory && { ...advisory, when: dateTimeIn(timeZone, advisory.postedAt) },
    sites: beaches.length > 1 ? beaches.map((b) => ({ id: b.id, name: b.name })) : [],
    siteId,
    siteName,
    subscribers,
    done: url.searchParams.get("done"),
    limits: formLimits(advisorySchema),
    bloomLimits: formLimits(bloomReportSchema),
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const fields = formFields(await args.request.formData());
  const { beaches, siteId } = await chosenBeach(services.db, fields.site);
  if (fields.intent === "lift") {
    if (!(await liftAdvisory(services, Date.now(), siteId))) return data<FormResult>({ formError: "There is no advisory to lift." }, { status: 400 });
    services.logger.info({ by: user.email, siteId }, "beach advisory lifted");
    return redirect(back("lifted", siteId, beaches));
  }
  if (fields.intent === "bloom") {
    const parsed = parseForm(bloomReportSchema, fields);
    if (!parsed.ok) return data<FormResult>(parsed.result, { status: 400 });
    await postAdvisory(services, { kind: "bloom", level: parsed.data.level, reason: parsed.data.note, postedAt: Date.now(), postedBy: authorOf(user) }, Date.now(), siteId);
    services.logger.info({ by: user.email, siteId, level: parsed.data.level }, "bloom report posted");
    return redirect(back("bloom", siteId, beaches));
  }
  const parsed = parseForm(advisorySchema, fields);
  if (!parsed.ok) return data<FormResult>(parsed.result, { status: 400 });
  await postAdvisory(services, { ...parsed.data, postedAt: Date.now(), postedBy: authorOf(user) }, Date.now(), siteId);
  services.logger.info({ by: user.email, siteId, status: parsed.data.status }, "beach advisory posted");
  return redirect(back("posted", siteId, beaches));
}

const DONE: Record<string, string> = { lifted: "Advisory lifted.", posted: "Advisory posted.", bloom: "Bloom report posted." };

export default function AdminBeachAdvisory({ loaderData, actionData }: Route.ComponentProps) {
  const { advisory, subscribers, done, limits, bloomLimits, sites, siteId, siteName } = loaderData;
  const busy = useNavigation().state === "submitting";
  const field = { limits, result: actionData };
  const alerted = `${subscribers} beach alert ${subscribers === 1 ? "subscriber is" : "subscribers are"} told by email.`;
  const site = sites.length > 0 ? <input type="hidden" name="site" value={siteId} /> : null;
  const board = advisory?.kind === "board" ? advisory : null;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      {sites.length > 0 && (
        <Form method="get" className="search-form">
          <label htmlFor="site">Beach</label>{" "}
          <select id="site" name="site" defaultValue={siteId}>
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>{" "}
          <button type="submit" className="button secondary">
            Show
          </button>
        </Form>
      )}
      {done && !actionData && DONE[done] && (
        <p className="success" role="status">
          {DONE[done]} {alerted}
        </p>
      )}
      <FormAlert result={actionData} />
      {sites.length > 0 && <h2>{siteName}</h2>}
      {advisory ? (
        <section aria-labelledby="current" className="card">
          {advisory.kind === "board" ? (
            <>
              <h2 id="current">In force: {advisory.status}</h2>
              <p>{advisory.reason}</p>
            </>
          ) : (
            <>
              <h2 id="current">
                In force: bloom report, {advisory.level} ({BLOOM_LABELS[advisory.level]})
              </h2>
              {advisory.reason && <p>{advisory.reason}</p>}
            </>
          )}
          <p className="muted">
            Posted {advisory.when} by {advisory.postedBy}.{" "}
            {advisory.kind === "board"
              ? "The public pages show this instead of the latest reading's status."
              : `The public pages count it as ${BLOOM_STATUS[advisory.level]}, unless a reading says worse.`}
          </p>
          <Form method="post">
            {site}
            <button type="submit" name="intent" value="lift" className="button" disabled={busy}>
              Lift advisory
            </button>
          </Form>
        </section>
      ) : (
        <p>No advisory is posted: the public pages show the status of the latest reading.</p>
      )}
      <h2>{board ? "Change the advisory" : "Post an advisory"}</h2>
      <p className="muted">For a closure or a warning no sample shows yet: a spill, heavy rain, an algae bloom. {alerted}</p>
      <Form method="post" className="stack">
        {site}
        <FormField name="status" label="Status" options={ADVISORY_STATUSES} defaultValue={board?.status ?? "Closed"} {...field} />
        <FormField name="reason" label="Reason" rows={3} hint="Residents read this on the site and in the alert." defaultValue={board?.reason} {...field} />
        <p>
          <button type="submit" name="intent" value="post" className="button" disabled={busy}>
            Post advisory
          </button>
        </p>
      </Form>
      <h2>Post a bloom report</h2>
      <p className="muted">
        What volunteers saw at the beach, as Vermont reports blooms: green (generally clear) is Open, yellow (low alert) is
        Caution, red (bloom) is Closed. It replaces the advisory above, if any.
      </p>
      <Form method="post" className="stack">
        {site}
        <FormField name="level" label="Bloom level" options={BLOOM_LEVELS} defaultValue={advisory?.kind === "bloom" ? advisory.level : "yellow"} limits={bloomLimits} result={actionData} />
        <FormField name="note" label="Note" rows={2} hint="Optional: what was seen, where." limits={bloomLimits} result={actionData} />
        <p>
          <button type="submit" name="intent" value="bloom" className="button" disabled={busy}>
            Post bloom report
          </button>
        </p>
      </Form>
    </>
  );
}
