/**
 * Structured data (schema.org JSON-LD): the text of a `<script type="application/ld+json">` (`jsonLdText`) and
 * schema.org's dates. The pages' documents are added to their head by the server (`addJsonLd`, head-extras.server.ts).
 */

import { format } from "date-fns/format";
import { TZDate } from "@date-fns/tz";

/**
 * JSON for inside a `<script>` element: `<`, `>` and `&` written as \u escapes (so that a site named
 * "</script><script>…" cannot end the element, HTML spec §4.12.1.3), and U+2028/U+2029 too. A JSON parser reads the
 * same values back.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** schema.org's context, which every top-level object names. */
export const SCHEMA_ORG = "https://schema.org";

/**
 * A date and time of day in a time zone as schema.org writes it (ISO 8601 with the zone's offset at that instant):
 * "2026-10-30T19:00:00-05:00"; the date alone ("2026-10-30") for a time of day not given ("").
 * @param date "YYYY-MM-DD"; @param time "HH:MM" or ""; @param timeZone an IANA zone, "America/Chicago"
 */
export function zonedDateTime(date: string, time: string, timeZone: string): string {
  if (!time) return date;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  return format(new TZDate(y, m - 1, d, h, min, 0, timeZone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}
