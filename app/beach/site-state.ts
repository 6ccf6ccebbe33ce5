/**
 * What residents are told about one site now (issue 27): `beachState`'s reading and board advisory, judged under the
 * site's rule profile, with the cyanotoxins and a bloom report beside E. coli. The site's status is the worst of its
 * parameters' verdicts, and says which decided it. For a site with the spec profile, E. coli only and no bloom
 * report, it is exactly `beachState` (the single-beach pages and alerts read as before). Pure.
 */
import { shortDate } from "#app/platform/text/format.ts";
import { beachState, type AdvisoryView, type BeachState } from "./state.ts";
import { BLOOM_LABELS, bloomVerdict, cyanotoxinVerdict, CYANOTOXINS, ecoliVerdict, worstVerdict, type BloomLevel, type Cyanotoxin, type RuleProfileId, type SampleResult, type Verdict } from "./profiles.ts";

/** A site's results as the state needs them, each list oldest first. */
export interface SiteResults {
  /** E. coli: the 30 days ending at the latest sample (the latest alone for the spec profile). */
  ecoli: readonly SampleResult[];
  /** Each cyanotoxin's latest samples (two suffice). */
  toxins: Partial<Record<Cyanotoxin, readonly SampleResult[]>>;
}

/** A site's advisory: the board's (it overrides the readings) or a bloom report (one verdict among the others). */
export type SiteAdvisoryInput =
  | ({ kind: "board"; postedAt: number } & AdvisoryView)
  | { kind: "bloom"; level: BloomLevel; reason: string; postedAt: number };

/** `BeachState`, with the verdict that decided the status and every parameter's. */
export interface SiteState extends BeachState {
  /** The deciding verdict (null with no status, or while the board's advisory decides). */
  decidedBy: Verdict | null;
  verdicts: Verdict[];
  /** A bloom report in force, as residents read it. */
  bloom: { level: BloomLevel; label: string; reason: string } | null;
  /**
   * What the status box says beside the E. coli reading, as sentences: the parameter that decided the status when it
   * is not E. coli ("Decided by microcystins 9.1 µg/L, sampled Jul 9, 2026."), and a bloom report ("Bloom report from
   * the board: red (bloom). Scum at the swim area"). Empty for E. coli alone.
   */
  notes: string[];
}

/** The notes of a state (see `SiteState.notes`). */
function notesOf(state: Omit<SiteState, "notes">): string[] {
  const notes: string[] = [];
  const by = state.decidedBy;
  // A bloom report says itself below.
  if (!state.advisory && by && by.parameterId !== "ecoli" && by.parameterId !== "bloom") notes.push(`Decided by ${by.text}${by.date ? `, sampled ${shortDate(by.date)}` : ""}.`);
  if (state.bloom) notes.push(`Bloom report from the board: ${state.bloom.level} (${state.bloom.label}).${state.bloom.reason ? ` ${state.bloom.reason}` : ""}`);
  return notes;
}

/**
 * The site's state at `today`.
 * @param profile the site's rule profile
 * @param today the association's calendar date, "YYYY-MM-DD"
 */
export function siteState(profile: RuleProfileId, results: SiteResults, advisory: SiteAdvisoryInput | null, today: string): SiteState {
  const state = decide(profile, results, advisory, today);
  return { ...state, notes: notesOf(state) };
}

function decide(profile: RuleProfileId, results: SiteResults, advisory: SiteAdvisoryInput | null, today: string): Omit<SiteState, "notes"> {
  const latest = results.ecoli.at(-1);
  const board = advisory?.kind === "board" ? advisory : null;
  const bloom = advisory?.kind === "bloom" ? { level: advisory.level, label: BLOOM_LABELS[advisory.level], reason: advisory.reason } : null;
  const base = beachState(latest, board, today);
  const ecoli = ecoliVerdict(profile, results.ecoli);
  const verdicts = [ecoli, ...CYANOTOXINS.map((t) => cyanotoxinVerdict(t, results.toxins[t] ?? [])), bloom && bloomVerdict(bloom.level)].filter((v): v is Verdict => v !== null);
  // The latest reading's own status under the profile (the spec's, read cautiously for a qualified result).
  if (base.latest && ecoli && base.latest.status !== ecoli.status) {
    base.latest = { ...base.latest, status: ecoli.status };
    if (!board) {
      base.status = ecoli.status;
      base.key = base.latest.stale ? `${ecoli.status}:stale` : ecoli.status;
    }
  }
  if (board) return { ...base, decidedBy: null, verdicts, bloom };
  const worst = worstVerdict(verdicts);
  if (!worst) return { ...base, decidedBy: null, verdicts, bloom };
  if (worst.parameterId === "ecoli") return { ...base, decidedBy: worst, verdicts, bloom };
  // Another parameter is worse than E. coli (or there is no E. coli reading): it decides, and the key says which.
  return { ...base, status: worst.status, key: `${worst.status}:${worst.parameterId}${base.staleWarning ? ":stale" : ""}`, decidedBy: worst, verdicts, bloom };
}
