/** The HTML beach alert opens with the status in its colour and words (issue 26). */
import { describe, expect, it } from "vitest";
import { composeBeachAlert, STATUS_MAIL_COLOURS } from "./alerts.server.ts";
import { beachState } from "./state.ts";
import { STATUS_MEANING } from "./status.ts";

const today = "2026-07-10";
const options = { beachName: "Heron Lake Public Beach", publicUrl: "https://lake.example.org" };

/** The first block of the HTML: its inline style and its text, tags dropped. */
function opening(html: string): { style: string; text: string } {
  const cell = /^<table[^>]*><tr><td style="([^"]*)">([\s\S]*?)<\/td><\/tr><\/table>/.exec(html);
  if (!cell) throw new Error(`the alert does not open with the status block: ${html.slice(0, 120)}`);
  return { style: cell[1]!, text: cell[2]!.replace(/<br>/g, " ").replace(/<[^>]+>/g, "") };
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the HTML beach alert", () => {
  it.each([
    [10, "Open"],
    [300, "Caution"],
    [1500, "Closed"],
  ] as const)("a reading of %i opens with %s in its colour and what it means", (value, status) => {
    const alert = composeBeachAlert(beachState({ date: "2026-07-09", value }, null, today), "none", options);
    const { style, text } = opening(alert.html);
    expect(style).toContain(`background:${STATUS_MAIL_COLOURS[status].background}`);
    expect(style).toContain(`color:${STATUS_MAIL_COLOURS[status].color}`);
    expect(text).toBe(`${status} ${STATUS_MEANING[status]}`);
    // The plain-text part says the status in words as before.
    expect(alert.text).toContain(`is now ${status}.`);
  });

  it("an advisory shows the advisory's status; a stale reading says there is no recent sample", () => {
    const advised = composeBeachAlert(beachState({ date: "2026-07-09", value: 10 }, { status: "Closed", reason: "Algae bloom", postedAt: 1 }, today), "Open", options);
    expect(opening(advised.html).text).toBe(`Closed ${STATUS_MEANING.Closed}`);
    expect(opening(advised.html).style).toContain(`background:${STATUS_MAIL_COLOURS.Closed.background}`);
    const stale = composeBeachAlert(beachState({ date: "2026-07-01", value: 10 }, null, today), "Open", options);
    expect(opening(stale.html).text).toBe("No recent sample Check the site before swimming.");
  });

  it("each status's colours are readable (contrast at least 4.5:1)", () => {
    for (const [status, c] of Object.entries(STATUS_MAIL_COLOURS)) expect(contrast(c.background, c.color), status).toBeGreaterThanOrEqual(4.5);
  });
});
