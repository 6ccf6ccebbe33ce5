/**
 * The association's numbers (spec §9): quorum, notice days, board size and term, edited on /admin/bylaws, and the
 * dues amount and date, edited on /admin/pages. They are kept in the `setting` table; what is not set yet is the
 * demo's (content/membership.ts). The bylaws text names them by token, so a changed quorum changes the bylaws too.
 */
import { z } from "zod";
import type { Database } from "#app/platform/data/db.server.ts";
import { governance as demoGovernance, membership as demoMembership } from "#content/membership.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { numberWord } from "#app/platform/text/number-words.ts";

/** The governance numbers and dues, with their bounds (members, days, seats, years; US dollars). */
/** A whole number from `min` to `max`, typed in a form ("15"), with a message a volunteer can act on. */
const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `Please enter a whole number from ${min} to ${max}`)
    .transform(Number)
    // Checked above with the message; here for the input's min, max and step (formLimits).
    .pipe(z.number().int().min(min).max(max));

export const associationNumbers = z.object({
  quorum: whole(1, 10_000),
  noticeDays: whole(0, 365),
  boardSize: whole(1, 100),
  termYears: whole(1, 10),
  duesDollars: z
    .string()
    .trim()
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= 100_000, "Please enter the amount in dollars, such as 10 or 12.50")
    .transform(Number)
    .pipe(z.number().min(0).max(100_000).multipleOf(0.01)),
  /** As shown: "April 1". */
  duesDate: z.string().trim().min(1, "Please enter when dues are due, such as April 1").max(40),
});
export type AssociationNumbers = z.infer<typeof associationNumbers>;

const DEMO: AssociationNumbers = { ...demoGovernance, duesDollars: demoMembership.duesDollars, duesDate: demoMembership.duesDate };
const key = (field: keyof AssociationNumbers) => `numbers.${field}`;
const FIELDS = Object.keys(DEMO) as (keyof AssociationNumbers)[];

/** The numbers as saved, the demo's where none is saved (or a saved one no longer passes the schema). */
export async function getAssociationNumbers(db: Database): Promise<AssociationNumbers> {
  const rows = await db.selectFrom("setting").select(["key", "value"]).where("key", "in", FIELDS.map(key)).execute();
  const saved = Object.fromEntries(rows.map((r) => [r.key.slice("numbers.".length), r.value]));
  const out: Record<string, unknown> = { ...DEMO };
  for (const field of FIELDS) {
    const one = associationNumbers.shape[field].safeParse(saved[field] ?? "");
    if (saved[field] !== undefined && one.success) out[field] = one.data;
  }
  return out as AssociationNumbers;
}

/** Saves some of the numbers in one transaction and signals the change (the bylaws and membership pages follow). */
export async function saveAssociationNumbers(db: Database, numbers: Partial<AssociationNumbers>, by: string, now = Date.now()): Promise<void> {
  await writeAndSignal(db, "site", async (trx) => {
    const values = Object.entries(numbers).map(([field, value]): [string, string] => [key(field as keyof AssociationNumbers), String(value)]);
    values.push(["numbers.updatedBy", by], ["numbers.updatedAt", String(now)]);
    for (const [k, value] of values) {
      await trx.insertInto("setting").values({ key: k, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
    }
  });
}

/** "fifteen (15)", the way bylaws usually write numbers; digits alone above twenty. */
export function spellNumber(n: number): string {
  const word = numberWord(n);
  return word === String(n) ? word : `${word} (${n})`;
}

/** "10", "12.50": whole dollars without cents. */
function dollars(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/**
 * The bylaws text with its tokens filled in: `{quorum}`, `{noticeDays}`, `{boardSize}` and `{termYears}` spelled
 * out ("fifteen (15)"), `{duesDollars}` as a figure ("10") and `{duesDate}` as set ("April 1"). Other braces stay.
 */
export function fillNumbers(text: string, numbers: AssociationNumbers): string {
  return text.replace(/\{(quorum|noticeDays|boardSize|termYears|duesDollars|duesDate)\}/g, (_, name: keyof AssociationNumbers) => {
    if (name === "duesDate") return numbers.duesDate;
    if (name === "duesDollars") return dollars(numbers.duesDollars);
    return spellNumber(numbers[name]);
  });
}
