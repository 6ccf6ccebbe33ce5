/**
 * Finding 6 of issue 24: a reading dated in the future became the beach's status. `date=9999-12-31` posted to the
 * measurement form (or in a lab CSV) was stored, and the home page then said "Dec 31, 9999 … Today, Open" over a real
 * Caution reading; `value=0x10` was stored as 16 and `1e308` was accepted. Here an attacker with the board's
 * password (or a careless volunteer) posts such readings through the admin screen's form and its lab file import, and
 * nothing of them may be stored or shown.
 */
import { expect } from "vitest";
import { addDaysTo, todayIn } from "#app/platform/text/dates.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { carelessLabFile } from "../../support/careless-readings.ts";
import { checkedKey, dateValueChoices, decodeHtml, postLabImport, previewLabCsv } from "../../support/lab-import.ts";
import { onBothBackEnds, type Target } from "./support.ts";

const SCREEN = "/admin/beach-measurements";
/** The real latest reading, posted first: a Caution that a future reading must not hide. */
const REAL_VALUE = 300;
const AFTER_TODAY = "The sample date cannot be after today";
/** The specification's message for a value that is not a number 0 or more (spec §5). */
const NOT_A_READING = "Please enter a valid positive number for the measurement value";

/** The association's today ("YYYY-MM-DD") in its own time zone, as the server reckons it. */
async function associationToday(target: Target): Promise<string> {
  return todayIn(await getTimeZone(target.db.db));
}

/** Posts the measurement form's fields as a browser (or curl) would; returns the status and the page. */
async function postForm(target: Target, cookie: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const response = await fetch(`${target.url}${SCREEN}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: target.url },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, html: await response.text() };
}

/** The text of the page's error for one field (`FormField`'s `<p id="<name>-error">`), or undefined. */
function fieldError(html: string, name: string): string | undefined {
  return decodeHtml(new RegExp(`<p id="${name}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1]);
}

/** The problems a lab file preview lists, one `<li>` each ("line N: …"). */
function previewErrors(html: string): string[] {
  return [...html.matchAll(/<li>(line \d+: [^<]*)<\/li>/g)].map((m) => decodeHtml(m[1])!);
}


/** Every stored reading, as "date value" strings. */
async function storedReadings(target: Target): Promise<string[]> {
  const rows = await target.db.db.selectFrom("measurement").select(["date", "value"]).execute();
  return rows.map((r) => `${r.date} ${Number(r.value)}`).sort();
}

/** The home page's beach status word and the sample date it names. */
async function homeStatus(target: Target): Promise<{ status: string | undefined; date: string | undefined }> {
  const html = await (await fetch(`${target.url}/`)).text();
  const summary = /<section class="beach-summary" data-status="(\w+)"[\s\S]*?<time dateTime="([\d-]+)"/i.exec(html);
  return { status: summary?.[1], date: summary?.[2] };
}

/** The sample dates (YYYY-MM-DD) that /data/swimguide.json publishes to Swim Guide, latest first. */
async function publishedDates(target: Target): Promise<string[]> {
  const doc = (await (await fetch(`${target.url}/data/swimguide.json`)).json()) as { records: { sample: { collectionTime: string } }[] };
  return doc.records.map((r) => r.sample.collectionTime.slice(0, 10)).sort().reverse();
}

/**
 * Posts one of the attacker's readings after the real one: it must be refused with `errors` (the form's message per
 * field), leave no row, and change no public status.
 */
async function expectRefused(target: Target, cookie: string, fields: { date: string; value: string }, errors: { date?: string; value?: string }): Promise<void> {
  const before = await storedReadings(target);
  const { status, html } = await postForm(target, cookie, { intent: "add", ...fields });
  expect(status, `${JSON.stringify(fields)} answered`).toBe(400);
  expect({ date: fieldError(html, "date"), value: fieldError(html, "value") }, JSON.stringify(fields)).toEqual({ date: undefined, value: undefined, ...errors });
  expect(await storedReadings(target)).toEqual(before);
  const today = await associationToday(target);
  expect(await homeStatus(target)).toEqual({ status: "Caution", date: today });
}

/** The administrator's Cookie header per server, once the real reading of today is posted there. */
const prepared = new Map<string, Promise<string>>();

/**
 * Signs the administrator in and posts the real reading of today, once per server (so that each attack also runs
 * alone); returns the Cookie header.
 */
function signedInWithRealReading(target: Target): Promise<string> {
  let ready = prepared.get(target.url);
  if (!ready) {
    ready = (async () => {
      const cookie = await target.adminCookie();
      const { status } = await postForm(target, cookie, { intent: "add", date: await associationToday(target), value: String(REAL_VALUE) });
      if (status !== 302) throw new Error(`the real reading was answered ${status}`);
      return cookie;
    })();
    prepared.set(target.url, ready);
  }
  return ready;
}

onBothBackEnds("a reading from the future or a number that is not decimal", (attack) => {
  attack("the real reading of today is posted first, and the home page shows it", async (target) => {
    await signedInWithRealReading(target);
    expect(await homeStatus(target)).toEqual({ status: "Caution", date: await associationToday(target) });
  });

  attack("posts date=9999-12-31 with an Open value: refused, the Caution still shown, not published", async (target) => {
    const cookie = await signedInWithRealReading(target);
    await expectRefused(target, cookie, { date: "9999-12-31", value: "12" }, { date: AFTER_TODAY });
    expect((await publishedDates(target))[0]).toBe(await associationToday(target));
  });

  attack("posts tomorrow's date in the association's time zone: refused", async (target) => {
    const cookie = await signedInWithRealReading(target);
    const tomorrow = addDaysTo(await associationToday(target), 1);
    await expectRefused(target, cookie, { date: tomorrow, value: "12" }, { date: AFTER_TODAY });
    expect((await storedReadings(target)).filter((r) => r.startsWith(tomorrow))).toEqual([]);
  });

  attack("posts values that are not plain decimal numbers: 0x10, 1e308, Infinity, -5, 1e3, empty: each refused", async (target) => {
    const cookie = await signedInWithRealReading(target);
    const today = await associationToday(target);
    for (const value of ["0x10", "1e308", "Infinity", "-5", "1e3", "", " "]) {
      await expectRefused(target, cookie, { date: today, value }, { value: NOT_A_READING });
    }
  });

  attack("posts a value above 1,000,000 per 100 mL: refused with the largest reading accepted, which is taken", async (target) => {
    const cookie = await signedInWithRealReading(target);
    const today = await associationToday(target);
    await expectRefused(target, cookie, { date: today, value: "1000001" }, { value: "A reading can be at most 1,000,000 per 100 mL" });
    const earlier = addDaysTo(today, -4);
    expect((await postForm(target, cookie, { intent: "add", date: earlier, value: "1000000" })).status).toBe(302);
    expect(await storedReadings(target)).toContain(`${earlier} 1000000`);
  });

  // The decision for white space, the same as before issue 24: ignored around a value, in the form as in a CSV field.
  attack("posts ` 12 `: taken as 12, as a lab CSV's ` 12 ` is", async (target) => {
    const cookie = await signedInWithRealReading(target);
    const today = await associationToday(target);
    const earlier = addDaysTo(today, -3);
    expect((await postForm(target, cookie, { intent: "add", date: earlier, value: " 12 " })).status).toBe(302);
    expect(await storedReadings(target)).toContain(`${earlier} 12`);
    expect(await homeStatus(target)).toEqual({ status: "Caution", date: today });
  });

  attack("uploads a lab CSV with such rows: the preview lists each line's problem, Import all stores nothing", async (target) => {
    const cookie = await signedInWithRealReading(target);
    const today = await associationToday(target);
    const { csv, errors } = carelessLabFile(today);
    const before = await storedReadings(target);

    const preview = await previewLabCsv(target, cookie, csv);
    expect(preview.status).toBe(200);
    expect(previewErrors(preview.html)).toEqual(errors);

    // "Import all" is not offered for a file with problems: the attacker posts it anyway, with the preview's choices.
    const choices = dateValueChoices(preview);
    const imported = await postLabImport(target, cookie, { ...choices, intent: "import-all" });
    expect(imported.status).toBe(400);
    expect(await storedReadings(target)).toEqual(before);
    expect(await homeStatus(target)).toEqual({ status: "Caution", date: today });
    expect((await publishedDates(target))[0]).toBe(today);

    // Its good row only, as the board may choose: the future and non-numbers stay out.
    const good = await postLabImport(target, cookie, { ...choices, intent: "import-good" });
    expect(good.status).toBe(302);
    expect(await storedReadings(target)).toEqual([...before, `${addDaysTo(today, -1)} 40`].sort());
    expect(await homeStatus(target)).toEqual({ status: "Caution", date: today });
  });

  attack("imports a CSV whose only bad row is tomorrow's: Import all stores nothing of it", async (target) => {
    const cookie = await signedInWithRealReading(target);
    const today = await associationToday(target);
    const csv = `date,value\n${addDaysTo(today, -2)},15\n${addDaysTo(today, 1)},15\n`;
    const before = await storedReadings(target);
    const preview = await previewLabCsv(target, cookie, csv);
    expect(previewErrors(preview.html)).toEqual([`line 3: date "${addDaysTo(today, 1)}" is after today (${today})`]);
    const imported = await postLabImport(target, cookie, {
      file: preview.token,
      checked: checkedKey(preview.html),
      shape: "long",
      "column-date": "date",
      "column-value": "value",
      parameterId: "ecoli",
      siteId: "",
      intent: "import-all",
    });
    expect(imported.status).toBe(400);
    expect(await storedReadings(target)).toEqual(before);
  });
});
