/**
 * Beach status alerts (issue 11): when the status residents see changes — a new reading moves it between Open,
 * Caution, Closed and Error, the latest reading turns stale (over 7 days old in the association's time zone), or the
 * board posts or lifts an advisory — every confirmed subscriber of the beach list gets one mail.
 *
 * The state last announced is kept in the database and replaced by compare-and-set in the transaction of the write
 * that changed it (app/beach/updates.server.ts), which queues the alert too: a change is announced once however many
 * processes (or a CSV import of a whole season) see it, and never saved without its alert. The first state ever seen
 * is a baseline and is not announced.
 *
 * Per site since issue 27: each beach's state is announced on its own, once per change of its public status (a
 * bloom report or a cyanotoxin advisory included), to the subscribers who chose that beach; subscriptions made
 * before it chose the first beach (migration 0016).
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { escapeHtml } from "#app/platform/text/email-body.ts";
import { formatNumber, longDate } from "#app/platform/text/format.ts";
import { queueListMail } from "#app/mail/data/outbox.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { listAnnouncedStates, swapAnnouncedBeachState } from "./data/advisory.server.ts";
import { listBeaches } from "./data/sites.server.ts";
import { readSiteStates } from "./site-state.server.ts";
import type { BeachState } from "./state.ts";
import type { SiteState } from "./site-state.ts";
import { RULE_PROFILES } from "./profiles.ts";
import { CAUTION_THRESHOLD, CLOSED_THRESHOLD, READING_UNIT, STALE_AFTER_DAYS, STATUS_MEANING, type BeachStatus } from "./status.ts";

/** An alert's subject and bodies. */
export interface BeachAlert {
  subject: string;
  text: string;
  html: string;
}

/**
 * The colours of each status in mail, as the public pages' status badge shows them (app/app.css `.status-badge`):
 * background and text, with a contrast of at least 4.5:1. Inline, because mail programs drop style sheets.
 */
export const STATUS_MAIL_COLOURS: Record<BeachStatus | "Stale", { background: string; color: string }> = {
  Open: { background: "#15803d", color: "#ffffff" },
  Caution: { background: "#fb923c", color: "#1c1917" },
  Closed: { background: "#b91c1c", color: "#ffffff" },
  Error: { background: "#4b5563", color: "#ffffff" },
  Stale: { background: "#4b5563", color: "#ffffff" },
};

/**
 * The status as the HTML alert opens with it (issue 26): a block in the status's colour with its word and what it
 * means ("Closed · Stay out of the water."), so the colour is never the only sign.
 */
function statusBlock(label: string, colours: { background: string; color: string }, meaning: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px"><tr>` +
    `<td style="background:${colours.background};color:${colours.color};padding:12px 16px;border-radius:8px;font-size:18px">` +
    `<strong style="font-size:22px">${escapeHtml(label)}</strong><br>${escapeHtml(meaning)}</td></tr></table>`
  );
}

/** Whether a parameter other than E. coli (a cyanotoxin) decided the status (issue 27); a bloom report says itself. */
function decidedElsewhere(state: BeachState | SiteState): state is SiteState & { decidedBy: NonNullable<SiteState["decidedBy"]> } {
  return "decidedBy" in state && !state.advisory && state.decidedBy !== null && state.decidedBy.parameterId !== "ecoli" && state.decidedBy.parameterId !== "bloom";
}

/**
 * The alert for `state` (after `previousKey`): the status, the reading with its date, what it means, and a link to
 * the beach section of /the-lake. The HTML opens with the status in its colour and words (`statusBlock`).
 */
export function composeBeachAlert(
  state: BeachState | SiteState,
  previousKey: string,
  options: { beachName: string; publicUrl: string; anchor?: string; profile?: string },
): BeachAlert {
  const { beachName, publicUrl } = options;
  const link = `${publicUrl}/the-lake#${options.anchor ?? "beach"}`;
  const paragraphs: string[] = [];
  let subject: string;
  const reading = state.latest
    ? `Latest reading: ${formatNumber(state.latest.value, 1)} E. coli ${READING_UNIT}, sampled ${longDate(state.latest.date)}.`
    : "There is no reading yet.";
  let shown: { label: string; colours: { background: string; color: string }; meaning: string };
  if (state.advisory) {
    shown = { label: state.advisory.status, colours: STATUS_MAIL_COLOURS[state.advisory.status], meaning: STATUS_MEANING[state.advisory.status] };
    subject = `Beach advisory at ${beachName}: ${state.advisory.status}`;
    paragraphs.push(`The board has posted an advisory: ${beachName} is ${state.advisory.status}.`, `Reason: ${state.advisory.reason}`, STATUS_MEANING[state.advisory.status], reading);
  } else if (state.latest?.stale && !decidedElsewhere(state)) {
    shown = { label: "No recent sample", colours: STATUS_MAIL_COLOURS.Stale, meaning: "Check the site before swimming." };
    subject = `Beach status at ${beachName}: no recent sample`;
    paragraphs.push(
      `The latest sample at ${beachName} is more than ${STALE_AFTER_DAYS} days old and may not reflect current conditions.`,
      reading,
      `It showed ${state.latest.status}. Check the site before swimming.`,
    );
  } else {
    const status = state.status ?? "Error";
    shown = { label: status, colours: STATUS_MAIL_COLOURS[status], meaning: STATUS_MEANING[status] };
    subject = `Beach status at ${beachName}: ${status}`;
    if (previousKey.startsWith("advisory:")) paragraphs.push("The board has lifted its advisory.");
    paragraphs.push(`${beachName} is now ${status}. ${STATUS_MEANING[status]}`, reading);
  }
  // A status decided by another parameter than E. coli (issue 27) says which, and a bloom report is told.
  if (decidedElsewhere(state)) paragraphs.splice(1, 0, `Decided by: ${state.decidedBy.text}.`);
  if ("bloom" in state && state.bloom) {
    paragraphs.splice(1, 0, `The board reports a bloom level of ${state.bloom.level}${state.bloom.reason ? `: ${state.bloom.reason}` : "."}`);
  }
  const profile = RULE_PROFILES.find((p) => p.id === options.profile && p.id !== "spec");
  paragraphs.push(
    profile
      ? `The rules at ${beachName}: ${profile.label}; a cyanotoxin above the EPA 2019 value (microcystins 8 µg/L, cylindrospermopsin 15 µg/L) is Caution.`
      : `What the statuses mean: Open below ${CAUTION_THRESHOLD} E. coli ${READING_UNIT} (the EPA Beach Action Value), Caution from ${CAUTION_THRESHOLD}, Closed above ${CLOSED_THRESHOLD}.`,
  );
  const text = `${paragraphs.join("\n\n")}\n\nThe latest readings: ${link}`;
  const html = `${statusBlock(shown.label, shown.colours, shown.meaning)}${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(link)}">The latest readings</a></p>`;
  return { subject, text, html };
}

/** What one site's alert announced. */
export interface QueuedAlert {
  siteId: string;
  from: string;
  to: string;
  recipients: number;
}

/**
 * Queues the alert of each beach whose state now differs from the state last announced for it, inside the caller's
 * transaction: the compare-and-set of the announced state and the queued mail commit with the write that changed
 * the state, or not at all. A beach's first state ever seen is a baseline, not announced; no reading and no advisory
 * is never announced. Each alert goes to the subscribers who chose that beach (the first beach's also to those who
 * chose none). The first beach is named as the association's settings name it, as before issue 27.
 * @param trx the transaction of the write (or of the periodic check)
 * @param now ms since epoch: "today" for staleness, and the mail's time
 * @returns what was announced, one entry per beach whose state changed (empty when none)
 */
export async function queueBeachAlertIfChanged(trx: Database, options: { publicUrl: string }, now: number): Promise<QueuedAlert[]> {
  const beaches = await listBeaches(trx);
  const [states, announced] = await Promise.all([readSiteStates(trx, beaches, now), listAnnouncedStates(trx)]);
  const queued: QueuedAlert[] = [];
  for (const [index, beach] of beaches.entries()) {
    const state = states.get(beach.id)!.state;
    const previous = announced.get(beach.id);
    if (previous === state.key) continue;
    // A beach with nothing to show yet has no baseline: its first state is.
    if (previous === undefined && state.key === "none") continue;
    if (!(await swapAnnouncedBeachState(trx, previous, state.key, beach.id))) continue;
    if (previous === undefined || state.key === "none") continue;
    const first = index === 0;
    const beachName = first ? (await getAssociationDetails(trx)).beachName : beach.name;
    const alert = composeBeachAlert(state, previous, { beachName, publicUrl: options.publicUrl, anchor: siteAnchor(beach, first), profile: beach.profile });
    const mail = await queueListMail(trx, "beach", { ...alert, createdBy: "system" }, now, { beachSite: { id: beach.id, first } });
    queued.push({ siteId: beach.id, from: previous, to: state.key, recipients: mail.recipients });
  }
  return queued;
}

/** The id of a site's section on /the-lake: "beach" for the first beach (as before issue 27), else "site-<identifier>". */
export function siteAnchor(site: { identifier: string }, first: boolean): string {
  return first ? "beach" : `site-${site.identifier.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
