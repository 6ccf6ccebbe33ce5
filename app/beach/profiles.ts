/**
 * Rule profiles (issue 27): the rules that turn a site's results into its public status. Each site has one
 * (`monitoring_site.profile`); the specification's rules are the default. Whatever a site's profile, cyanotoxins are
 * judged by the US EPA's 2019 recommended values and a board-posted bloom report by its colour. A site's public
 * status is the worst of its parameters' verdicts, and names the one that decided it ("Caution: microcystins
 * 9.1 µg/L"). Pure: shared by the server and the browser. Decision 030 records the mappings to Caution and Closed.
 */
import { formatNumber } from "#app/platform/text/format.ts";
import { addDaysTo } from "#app/platform/text/iso-date.ts";
import { reachesThreshold, exceedsThreshold, resultText, type Qualifier } from "./results.ts";
import { CAUTION_THRESHOLD, CLOSED_THRESHOLD, geometricMean, GEOMETRIC_MEAN_MIN_SAMPLES, READING_UNIT, type BeachStatus } from "./status.ts";

/** The rule profiles a site can have, in the order the Sites screen offers them. */
export const RULE_PROFILES = [
  { id: "spec", label: "This site's rules: E. coli Caution from 235, Closed above 1000, stale after 7 days" },
  { id: "epa2012", label: "US EPA 2012: beach action value 235, statistical threshold value 410, 30-day geometric mean 126" },
  { id: "michigan", label: "Michigan: daily geometric mean 300, 30-day geometric mean 130, 1000 for partial body contact" },
] as const;

export type RuleProfileId = (typeof RULE_PROFILES)[number]["id"];

/** The default profile: the specification's rules (spec §4). */
export const DEFAULT_PROFILE: RuleProfileId = "spec";

/** Whether a stored text is a profile id (an unknown one is read as the default). */
export function isRuleProfileId(id: string): id is RuleProfileId {
  return RULE_PROFILES.some((p) => p.id === id);
}

/** A profile id as stored, read: an unknown one is the default ("spec"). */
export function readProfile(id: string): RuleProfileId {
  return isRuleProfileId(id) ? id : DEFAULT_PROFILE;
}

/** One result as the rules take it: the sample date ("YYYY-MM-DD"), its value in the parameter's unit and qualifier. */
export interface SampleResult {
  date: string;
  value: number;
  qualifier: Qualifier;
  detectionLimit: number | null;
}

/** What one parameter (or the board's bloom report) says about a site. */
export interface Verdict {
  /** The parameter's id ("ecoli", "microcystins", …), or "bloom" for a bloom report. */
  parameterId: string;
  status: BeachStatus;
  /** What decided it, as residents read it: "E. coli 250 CFU per 100 mL", "microcystins 9.1 µg/L". */
  text: string;
  /** The sample date of the result that decided it ("YYYY-MM-DD"); absent for a bloom report. */
  date?: string;
}

/** A result's value as a sentence writes it: one decimal at most, qualifier kept (">2419.6", "<10"). */
function shown(result: Pick<SampleResult, "value" | "qualifier" | "detectionLimit">): string {
  return resultText(result, (n) => formatNumber(n, 1));
}

/** The order of badness, for "the worst of": Open, Caution, Error (cannot be classified: check first), Closed. */
const RANK: Record<BeachStatus, number> = { Open: 0, Caution: 1, Error: 2, Closed: 3 };

/**
 * The worst of the verdicts, the first of equals (E. coli first, then the cyanotoxins, then a bloom report).
 * @returns null when there is none
 */
export function worstVerdict(verdicts: readonly Verdict[]): Verdict | null {
  let worst: Verdict | null = null;
  for (const v of verdicts) if (!worst || RANK[v.status] > RANK[worst.status]) worst = v;
  return worst;
}

// ---------------------------------------------------------------------------------------------------------------
// E. coli

/**
 * The specification's rule for one sample (spec §4), read cautiously (`app/beach/results.ts`): Open below 235,
 * Caution from 235, Closed above 1000, and exactly 1000 Error, as `publicBeachStatus` has it for a plain value;
 * ">2419.6" counts as 2419.6 and "<10" as below any threshold above 10.
 */
export function specSampleStatus(result: Pick<SampleResult, "value" | "qualifier" | "detectionLimit">): BeachStatus {
  if (exceedsThreshold(result, CLOSED_THRESHOLD)) return "Closed";
  if (reachesThreshold(result, CLOSED_THRESHOLD)) return "Error";
  if (reachesThreshold(result, CAUTION_THRESHOLD)) return "Caution";
  return "Open";
}

/**
 * US EPA 2012 Recreational Water Quality Criteria (EPA 820-F-12-058, recommendation 2 for E. coli): a beach action
 * value (BAV) of 235 CFU per 100 mL for one sample, a statistical threshold value (STV) of 410 that no more than 10%
 * of samples should exceed, and a geometric mean of 126 over any 30 days.
 */
export const EPA2012 = { beachActionValue: 235, statisticalThresholdValue: 410, geometricMean: 126, windowDays: 30 } as const;

/**
 * Michigan's water quality standard for E. coli, Mich. Admin. Code R 323.1062: for total body contact recreation,
 * 130 per 100 mL as the geometric mean of all samples of 5 or more sampling events over 30 days, and 300 as the
 * geometric mean of 3 or more samples of one sampling event; for partial body contact, 1000 as that daily mean.
 */
export const MICHIGAN = { dailyMean: 300, dailyMinSamples: 3, thirtyDayMean: 130, thirtyDayMinEvents: 5, partialBodyContact: 1000, windowDays: 30 } as const;

/** The geometric mean of results, each counted cautiously at its value (">2419.6" as 2419.6, "<10" as 10, ND as 1). */
function meanOf(results: readonly SampleResult[]): number {
  return geometricMean(results.map((r) => (r.qualifier === "ND" ? 0 : r.value)));
}

/** The results of the `days` calendar days ending at `to` ("YYYY-MM-DD"), both ends included. */
function inWindow(results: readonly SampleResult[], to: string, days: number): SampleResult[] {
  const from = addDaysTo(to, -(days - 1));
  return results.filter((r) => r.date >= from && r.date <= to);
}

const ecoli = (text: string) => `E. coli ${text} ${READING_UNIT}`;

/**
 * The E. coli verdict of a site under its profile.
 *
 * - "spec": the latest sample alone (`specSampleStatus`), spec §4.
 * - "epa2012" (EPA 820-F-12-058): the latest sample above the STV (410) is Closed; at or above the BAV (235) is
 *   Caution; the 30-day geometric mean (at least 5 samples, as the beach section shows it) above 126 is Caution.
 * - "michigan" (R 323.1062): the geometric mean of the latest day's samples above 1000 (partial body contact) is
 *   Closed, above 300 Caution; the 30-day geometric mean above 130 over at least 5 sampling events (days) is Caution.
 *   A day with fewer than 3 samples is judged by the mean of those it has, and the text says how many.
 * The worst of the rules decides, and its text says which.
 * @param results E. coli results in CFU per 100 mL, oldest first; those of the 30 days ending at the latest sample
 *   are enough (the latest alone for "spec")
 * @returns null when there is no result
 */
export function ecoliVerdict(profile: RuleProfileId, results: readonly SampleResult[]): Verdict | null {
  const latest = results.at(-1);
  if (!latest) return null;
  const sample = (status: BeachStatus): Verdict => ({ parameterId: "ecoli", status, text: ecoli(shown(latest)), date: latest.date });
  if (profile === "spec") return sample(specSampleStatus(latest));
  const verdicts: Verdict[] = [];
  if (profile === "epa2012") {
    const { beachActionValue, statisticalThresholdValue, geometricMean: criterion, windowDays } = EPA2012;
    verdicts.push(sample(exceedsThreshold(latest, statisticalThresholdValue) ? "Closed" : reachesThreshold(latest, beachActionValue) ? "Caution" : "Open"));
    const window = inWindow(results, latest.date, windowDays);
    if (window.length >= GEOMETRIC_MEAN_MIN_SAMPLES) {
      const mean = meanOf(window);
      if (mean > criterion) verdicts.push({ parameterId: "ecoli", status: "Caution", text: `${ecoli(`30-day geometric mean ${formatNumber(mean, 1)}`)} (${window.length} samples)`, date: latest.date });
    }
    return worstVerdict(verdicts);
  }
  const { dailyMean, dailyMinSamples, thirtyDayMean, thirtyDayMinEvents, partialBodyContact, windowDays } = MICHIGAN;
  const day = results.filter((r) => r.date === latest.date);
  const daily = meanOf(day);
  const dailyStatus: BeachStatus = daily > partialBodyContact ? "Closed" : daily > dailyMean ? "Caution" : "Open";
  const dailyText = day.length === 1 ? ecoli(shown(latest)) : `${ecoli(`daily geometric mean ${formatNumber(daily, 1)}`)} (${day.length} samples${day.length < dailyMinSamples ? `, fewer than ${dailyMinSamples}` : ""})`;
  verdicts.push({ parameterId: "ecoli", status: dailyStatus, text: dailyText, date: latest.date });
  const window = inWindow(results, latest.date, windowDays);
  const events = new Set(window.map((r) => r.date)).size;
  if (events >= thirtyDayMinEvents) {
    const mean = meanOf(window);
    if (mean > thirtyDayMean) verdicts.push({ parameterId: "ecoli", status: "Caution", text: `${ecoli(`30-day geometric mean ${formatNumber(mean, 1)}`)} (${events} sampling days)`, date: latest.date });
  }
  return worstVerdict(verdicts);
}

// ---------------------------------------------------------------------------------------------------------------
// Cyanotoxins and blooms

/**
 * US EPA 2019 recommended recreational ambient water quality criteria and swimming advisories for cyanotoxins
 * (EPA 822-R-19-001): microcystins 8 µg/L and cylindrospermopsin 15 µg/L, not to be exceeded on any day. Applied at
 * every site, whatever its profile.
 */
export const CYANOTOXIN_ADVISORY_LEVELS = { microcystins: 8, cylindrospermopsin: 15 } as const;
export type Cyanotoxin = keyof typeof CYANOTOXIN_ADVISORY_LEVELS;
export const CYANOTOXINS = Object.keys(CYANOTOXIN_ADVISORY_LEVELS) as Cyanotoxin[];
/** Consecutive samples at or below the level that lift a cyanotoxin advisory (Ohio EPA's practice). */
export const SAMPLES_TO_LIFT = 2;
/** How many of the latest samples decide whether a cyanotoxin advisory is in force. */
export const CYANOTOXIN_SAMPLES_READ = SAMPLES_TO_LIFT;

/**
 * Whether a cyanotoxin swimming advisory is in force after these samples (EPA 822-R-19-001 for the level; Ohio
 * EPA's Harmful Algal Bloom Response Strategy for lifting it): a sample above the level raises it, and it is lifted
 * only after two consecutive samples at or below the level. So it is in force when any of the latest two samples is
 * above the level. A "<0.3" or "not detected" is below any level above its limit; ">10" counts as 10.
 * @param samples the parameter's samples at one site, oldest first (the latest two suffice)
 * @returns the latest sample above the level while the advisory is in force, else null
 */
export function cyanotoxinAdvisory(toxin: Cyanotoxin, samples: readonly SampleResult[]): SampleResult | null {
  const level = CYANOTOXIN_ADVISORY_LEVELS[toxin];
  const recent = samples.slice(-SAMPLES_TO_LIFT);
  return recent.findLast((s) => exceedsThreshold(s, level)) ?? null;
}

/** The parameters' names as a status sentence writes them. */
const TOXIN_WORDS: Record<Cyanotoxin, string> = { microcystins: "microcystins", cylindrospermopsin: "cylindrospermopsin" };

/**
 * A cyanotoxin's verdict at a site: Caution while its swimming advisory is in force (EPA 2019's values protect
 * children, whom the Caution status names), naming the sample above the level ("microcystins 9.1 µg/L"); else Open,
 * naming the latest sample.
 * @param samples oldest first, in µg/L
 * @returns null with no sample
 */
export function cyanotoxinVerdict(toxin: Cyanotoxin, samples: readonly SampleResult[]): Verdict | null {
  const latest = samples.at(-1);
  if (!latest) return null;
  const above = cyanotoxinAdvisory(toxin, samples);
  const sample = above ?? latest;
  return { parameterId: toxin, status: above ? "Caution" : "Open", text: `${TOXIN_WORDS[toxin]} ${shown(sample)} µg/L`, date: sample.date };
}

/**
 * A board-posted bloom report, as Vermont's Cyanobacteria Tracker shows volunteers' reports: green "generally
 * clear", yellow "low alert" (some cyanobacteria), red "bloom". Decision 030: green is Open, yellow Caution, red
 * Closed (Vermont's Department of Health: stay out of water with a bloom).
 */
export const BLOOM_LEVELS = ["green", "yellow", "red"] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];
export const BLOOM_LABELS: Record<BloomLevel, string> = { green: "generally clear", yellow: "low alert", red: "bloom" };
export const BLOOM_STATUS: Record<BloomLevel, Exclude<BeachStatus, "Error">> = { green: "Open", yellow: "Caution", red: "Closed" };

/** A bloom report's verdict: "bloom report: yellow (low alert)". */
export function bloomVerdict(level: BloomLevel): Verdict {
  return { parameterId: "bloom", status: BLOOM_STATUS[level], text: `bloom report: ${level} (${BLOOM_LABELS[level]})` };
}
