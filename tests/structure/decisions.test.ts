/**
 * Every decision record in docs/decisions/ opens as the template (000-template.md) does: "# NNN: …", then a Date and
 * a Status line, so that a reader sees when a choice was made and whether it still holds (issue 25, item 8).
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const FOLDER = new URL("../../docs/decisions/", import.meta.url);
const TEMPLATE = "000-template.md";
const read = (file: string) => readFileSync(new URL(file, FOLDER), "utf8");

/** The template's "Status: Accepted | Superseded by NNN | Deprecated" (plain words), NNN a decision's number. */
const templateStatuses = /^Status: (.+)$/m.exec(read(TEMPLATE))?.[1]?.split(" | ") ?? [];
// A note in brackets may follow the status, naming the decisions it changes or that change it.
const STATUS = new RegExp(`^Status: (?:${templateStatuses.map((status) => status.replace("NNN", "\\d{3}")).join("|")})(?: \\(.+\\))?$`);

const decisions = readdirSync(FOLDER).filter((file) => file !== TEMPLATE).sort();
const numbers = new Set(decisions.map((file) => file.slice(0, 3)));

describe("decision records", () => {
  it("the template offers Accepted, Superseded by NNN and Deprecated", () => {
    expect(templateStatuses).toEqual(["Accepted", "Superseded by NNN", "Deprecated"]);
  });

  it.each(decisions)("%s: title, Date and Status as in the template", (file) => {
    expect(file).toMatch(/^\d{3}-[a-z0-9-]+\.md$/);
    const [title = "", gap = "", date = "", gapAgain = "", status = ""] = read(file).split("\n");
    expect(title).toMatch(new RegExp(`^# ${file.slice(0, 3)}: \\S`));
    expect([gap, gapAgain]).toEqual(["", ""]);
    expect(date).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
    const day = date.slice("Date: ".length);
    expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10), "a day of the calendar").toBe(day);
    expect(status).toMatch(STATUS);
    // "Superseded by NNN" and the notes in brackets must point at a decision that exists.
    for (const named of status.match(/\b\d{3}\b/g) ?? []) expect(numbers, `${file} names decision ${named}`).toContain(named);
  });
});
