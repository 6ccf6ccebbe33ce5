/**
 * A careless (or hostile) lab file for issue 24's finding 6: one good reading, then a reading from the far future,
 * one from tomorrow and values that are not plain decimal numbers of 0 to 1,000,000. Every way a lab file comes in
 * (the admin screen's upload, `npm run import:measurements`) must refuse it whole, with these messages.
 */
import { addDaysTo } from "#app/platform/text/dates.ts";

/**
 * The file's text and the problems it must be refused with, one per bad line.
 * @param today today in the association's time zone, "YYYY-MM-DD"
 */
export function carelessLabFile(today: string): { csv: string; errors: string[] } {
  const tomorrow = addDaysTo(today, 1);
  const yesterday = addDaysTo(today, -1);
  const rows = [`${yesterday},40`, "9999-12-31,12", `${tomorrow},12`, ...["0x10", "1e308", "Infinity", "-5", "2000000"].map((value) => `${yesterday},${value}`)];
  return {
    csv: ["date,value", ...rows].join("\n"),
    errors: [
      `line 3: date "9999-12-31" is after today (${today})`,
      `line 4: date "${tomorrow}" is after today (${today})`,
      'line 5: value "0x10" is not a result such as 12, 12.5, >2419.6, <10 or ND',
      'line 6: value "1e308" is not a result such as 12, 12.5, >2419.6, <10 or ND',
      'line 7: value "Infinity" is not a result such as 12, 12.5, >2419.6, <10 or ND',
      'line 8: value "-5" is negative; a result is 0 or more',
      "line 9: value 2000000 is outside E. coli's range (0 to 1,000,000 CFU per 100 mL)",
    ],
  };
}
