/**
 * The time-zone list people choose from (issue 26): canonical IANA names only, grouped by region. ICU (Node's and
 * the browsers' `Intl`) still answers with some old names that the tz database has renamed or merged
 * (`Asia/Calcutta`, `Europe/Kiev`, …): `canonicalZone` gives today's name, from the tz database's `backward` file.
 * Zones that are only a country's alias of another (Europe/Bratislava for Europe/Prague) stay: they are in
 * zone.tab and people look for their own country. Imports nothing: the browser uses it too.
 */

/** Old names ICU still lists, with the name the tz database uses now (tzdata 2025, `backward`). */
export const RENAMED_ZONES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** Today's name of a zone ("Asia/Calcutta" → "Asia/Kolkata"); any other name unchanged. */
export function canonicalZone(name: string): string {
  return RENAMED_ZONES[name] ?? name;
}

/** The canonical names of `zones` (as `Intl.supportedValuesOf("timeZone")` lists them), sorted, each once. */
export function canonicalZones(zones: readonly string[]): string[] {
  return [...new Set(zones.map(canonicalZone))].sort();
}

/** One `<optgroup>` of the list: the region ("America") and its zones, labelled without it ("Argentina/Buenos Aires"). */
export interface ZoneGroup {
  region: string;
  zones: { value: string; label: string }[];
}

/** What a zone is called in the list: its name with spaces for underscores ("America/New York"). */
export function zoneLabel(zone: string): string {
  return zone.replaceAll("_", " ");
}

/** `zones` grouped by region (the part before the first "/"; "Other" for names without one), regions in order. */
export function groupZones(zones: readonly string[]): ZoneGroup[] {
  const groups = new Map<string, ZoneGroup>();
  for (const zone of zones) {
    const at = zone.indexOf("/");
    const region = at > 0 ? zone.slice(0, at) : "Other";
    const group = groups.get(region) ?? { region, zones: [] };
    group.zones.push({ value: zone, label: zoneLabel(at > 0 ? zone.slice(at + 1) : zone) });
    groups.set(region, group);
  }
  return [...groups.values()].sort((a, b) => a.region.localeCompare(b.region));
}
