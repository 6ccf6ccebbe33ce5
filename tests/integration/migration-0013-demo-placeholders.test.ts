/**
 * Migration 0013 (issue 26 part 4): an older database whose demo texts still say "$10 … due April 1" gets the
 * placeholders instead, so the membership page follows the dues the board sets; a text the board edited is left
 * as it is; the demo's treasurer card becomes the contact text. A new install's demo (content/) is what the
 * upgrade makes.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { DEMO_FAQ_ANSWER, DEMO_HOW_TO_PAY, DEMO_PRESIDENT_LETTER, DEMO_TREASURER } from "#db/migrations/0013-demo-placeholders.ts";
import { DEMO_PAGE_TEXTS, getPageImageIds, getPageTexts, savePageTexts } from "#app/site/data/page-texts.server.ts";
import { fillNumbers, getAssociationNumbers, saveAssociationNumbers } from "#app/site/data/governance.server.ts";
import { questions } from "#app/site/data/site-content.server.ts";
import { faq } from "#content/faq.ts";
import { backends, migrateBefore, type TestDatabase } from "../support/databases.ts";

const STEP = "0013-demo-placeholders";

describe("the demo's texts", () => {
  it("are what the upgrade makes of the older demo's", () => {
    expect(DEMO_PAGE_TEXTS.howToPay).toBe(DEMO_HOW_TO_PAY.new);
    expect(DEMO_PAGE_TEXTS.presidentLetter).toBe(DEMO_PRESIDENT_LETTER.new);
    expect(DEMO_PAGE_TEXTS.treasurerContact).toBe(DEMO_TREASURER.contact);
    const join = faq.find((q) => q.question === DEMO_FAQ_ANSWER.question)!;
    expect(join.answer.join("\n\n")).toBe(DEMO_FAQ_ANSWER.new);
  });

  it("hold no dues figure of their own", () => {
    for (const text of [DEMO_PAGE_TEXTS.howToPay, DEMO_PAGE_TEXTS.presidentLetter, DEMO_FAQ_ANSWER.new]) {
      expect(text).not.toMatch(/\$\d|April 1/);
      expect(text).toContain("{duesDollars}");
    }
  });
});

describe.each(backends)("migration 0013 on $name", ({ name, create, available }) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  /** A database as it was before this step, holding `texts`, and the step then run. */
  async function upgraded(skip: (note?: string) => void, setUp: (database: TestDatabase) => Promise<void>): Promise<TestDatabase> {
    if (!(await available())) skip(`${name} is not reachable`);
    db = await create({ migrate: false });
    // The release before had neither this step nor the later ones.
    await migrateBefore(db, STEP);
    await setUp(db);
    expect((await migrateToLatest(db))[0]).toBe(STEP);
    return db;
  }

  it("turns the untouched demo texts' figures into placeholders, and the membership texts then follow the dues", async ({ skip }) => {
    const database = await upgraded(skip, async ({ db }) => {
      await savePageTexts(db, { howToPay: DEMO_HOW_TO_PAY.old, presidentLetter: DEMO_PRESIDENT_LETTER.old, treasurerAlt: DEMO_TREASURER.alt, treasurerImageId: "card" }, "seed");
      await questions.create(db, { question: DEMO_FAQ_ANSWER.question, answer: DEMO_FAQ_ANSWER.old }, "seed");
    });
    const texts = await getPageTexts(database.db);
    expect(texts.howToPay).toBe(DEMO_HOW_TO_PAY.new);
    expect(texts.presidentLetter).toBe(DEMO_PRESIDENT_LETTER.new);
    expect(texts.treasurerContact).toBe(DEMO_TREASURER.contact);
    expect((await getPageImageIds(database.db)).treasurerImageId).toBe("card");
    expect((await questions.all(database.db))[0]!.data.answer).toBe(DEMO_FAQ_ANSWER.new);

    await saveAssociationNumbers(database.db, { duesDollars: 25, duesDate: "May 15" }, "board");
    const numbers = await getAssociationNumbers(database.db);
    expect(fillNumbers(texts.howToPay, numbers)).toMatch(/^Dues are \$25 per household per year and are due May 15\./);
    expect(fillNumbers(texts.howToPay, numbers)).not.toMatch(/\$10|April 1/);
  });

  it("leaves a text the board has edited, and a treasurer card it has described, as they are", async ({ skip }) => {
    const edited = `${DEMO_HOW_TO_PAY.old} Cash is fine too.`;
    const answer = "Dues are $15, due June 1.";
    const database = await upgraded(skip, async ({ db }) => {
      await savePageTexts(db, { howToPay: edited, presidentLetter: "Our own letter: dues are $10.", treasurerAlt: "Our treasurer, Box 9", treasurerImageId: "card" }, "board");
      await questions.create(db, { question: DEMO_FAQ_ANSWER.question, answer }, "board");
    });
    const texts = await getPageTexts(database.db);
    expect(texts.howToPay).toBe(edited);
    expect(texts.presidentLetter).toBe("Our own letter: dues are $10.");
    expect(texts.treasurerContact).toBe("");
    expect((await getPageImageIds(database.db)).treasurerImageId).toBe("card");
    expect((await questions.all(database.db))[0]!.data.answer).toBe(answer);
  });
});
