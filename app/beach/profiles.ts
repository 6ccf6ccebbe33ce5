/**
 * Rule profiles (issue 27): the rules that turn a site's results into its public status. Each site has one
 * (`monitoring_site.profile`); the specification's rules are the default. Pure: shared by the server and the browser.
 *
 * This module names the profiles; their rules are implemented beside it (issue 27, part 3).
 */

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
