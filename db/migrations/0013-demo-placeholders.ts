/**
 * The demo's texts follow the board's numbers (issue 26 part 4). The demo wrote its dues as figures ("$10 per
 * household … due April 1") in "How to pay", the president's letter and an FAQ answer, so that after the board set
 * $25 due May 15 the membership page contradicted itself. Where such a text is still exactly the demo's, its figures
 * become the placeholders every text now takes (`${duesDollars}`, `{duesDate}`); a text the board has edited is left
 * alone. And where the treasurer's contact is still the demo's card (its description untouched), the same contact is
 * written as the new Markdown text `page.treasurerContact` (the card stays, as the spec's "treasurer contact image",
 * and may be removed on the Pages screen; decision 027).
 *
 * Data only; dialect-neutral (one SELECT and at most one UPDATE or INSERT per text, in the migration's transaction).
 * The texts are frozen here: a later change to the demo (content/) must not change what this released step does.
 */
import { type Kysely } from "kysely";

/** The demo's texts as the seed stored them before this step, and what each becomes. */
export const DEMO_HOW_TO_PAY = { old: "Dues are $10 per household per year and are due April 1. The easiest way to pay is to mail a check, made out to \"Heron Lake Association\", to our treasurer at the address shown on this page. Please include your name, lake address and the email address where you would like to receive member news.\n\nYou can also pay in person, by cash or check, at the annual meeting on Memorial Day weekend at the Heron Lake Town Hall. The treasurer will give you a receipt and add you to the member list on the spot.", new: "Dues are ${duesDollars} per household per year and are due {duesDate}. The easiest way to pay is to mail a check, made out to \"Heron Lake Association\", to our treasurer at the address shown on this page. Please include your name, lake address and the email address where you would like to receive member news.\n\nYou can also pay in person, by cash or check, at the annual meeting on Memorial Day weekend at the Heron Lake Town Hall. The treasurer will give you a receipt and add you to the member list on the spot." };
export const DEMO_PRESIDENT_LETTER = { old: "Dear neighbours, another season is upon us, and the loons are back on the north end of the lake. Thank you to everyone who turned out for the spring shoreline clean-up: more than forty volunteers filled two trailers with winter debris, and the boat launch has never looked better.\n\nThis year the board is focusing on three things: keeping up the weekly E. coli testing at the public beach, staffing the boat launch on busy weekends to check for invasive species, and planting native buffer strips along the shore to discourage geese and slow runoff. Each of these depends on volunteers, so if you can spare a morning, please let any board member know.\n\nFinally, please join us at the annual meeting on Memorial Day weekend at the Heron Lake Town Hall. Dues are still just $10 per household, and every membership helps pay for water testing and lake programs. See you on the water!", new: "Dear neighbours, another season is upon us, and the loons are back on the north end of the lake. Thank you to everyone who turned out for the spring shoreline clean-up: more than forty volunteers filled two trailers with winter debris, and the boat launch has never looked better.\n\nThis year the board is focusing on three things: keeping up the weekly E. coli testing at the public beach, staffing the boat launch on busy weekends to check for invasive species, and planting native buffer strips along the shore to discourage geese and slow runoff. Each of these depends on volunteers, so if you can spare a morning, please let any board member know.\n\nFinally, please join us at the annual meeting on Memorial Day weekend at the Heron Lake Town Hall. Dues are still just ${duesDollars} per household, and every membership helps pay for water testing and lake programs. See you on the water!" };
export const DEMO_FAQ_ANSWER = { question: "How do I join the association?", old: "Membership is open to every household on or near Heron Lake, and to anyone else who cares about the lake. Dues are $10 per household per year, due April 1.\n\nSee the Membership page for how to pay: you can mail a check to our treasurer or pay in person at the annual meeting on Memorial Day weekend.", new: "Membership is open to every household on or near Heron Lake, and to anyone else who cares about the lake. Dues are ${duesDollars} per household per year, due {duesDate}.\n\nSee the Membership page for how to pay: you can mail a check to our treasurer or pay in person at the annual meeting on Memorial Day weekend." };
/** The demo card's description, and the contact written out as text. */
export const DEMO_TREASURER = { alt: "Ruth Andersen, Treasurer. Heron Lake Association, PO Box 118, Heron Lake, WI 53500. Email: treasurer@heronlake.example.org", contact: "**Ruth Andersen**, Treasurer  \nHeron Lake Association  \nPO Box 118  \nHeron Lake, WI 53500\n\nEmail: [treasurer@heronlake.example.org](mailto:treasurer@heronlake.example.org)" };

type Tables = { setting: { key: string; value: string }; site_item: { id: string; kind: string; data: string } };

async function getSetting(db: Kysely<Tables>, key: string): Promise<string | undefined> {
  return (await db.selectFrom("setting").select("value").where("key", "=", key).executeTakeFirst())?.value;
}

async function putSetting(db: Kysely<Tables>, key: string, value: string): Promise<void> {
  const updated = await db.updateTable("setting").set({ value }).where("key", "=", key).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto("setting").values({ key, value }).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<Tables>;
  for (const [key, text] of [["page.howToPay", DEMO_HOW_TO_PAY], ["page.presidentLetter", DEMO_PRESIDENT_LETTER]] as const) {
    if ((await getSetting(k, key)) === text.old) await putSetting(k, key, text.new);
  }
  for (const row of await k.selectFrom("site_item").select(["id", "data"]).where("kind", "=", "faq").execute()) {
    const data = JSON.parse(row.data) as { question?: unknown; answer?: unknown };
    if (data.question !== DEMO_FAQ_ANSWER.question || data.answer !== DEMO_FAQ_ANSWER.old) continue;
    await k.updateTable("site_item").set({ data: JSON.stringify({ ...data, answer: DEMO_FAQ_ANSWER.new }) }).where("id", "=", row.id).execute();
  }
  if ((await getSetting(k, "page.treasurerAlt")) === DEMO_TREASURER.alt && !(await getSetting(k, "page.treasurerContact"))) {
    await putSetting(k, "page.treasurerContact", DEMO_TREASURER.contact);
  }
}
