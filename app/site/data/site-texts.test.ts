/** The bylaws' number tokens and the lake facts' "Label: value" lines (issue 10). */
import { describe, expect, it } from "vitest";
import { fillNumbers, spellNumber } from "./governance.server.ts";
import { parseFacts } from "./page-texts.server.ts";

const NUMBERS = { quorum: 15, noticeDays: 5, boardSize: 7, termYears: 2, duesDollars: 12.5, duesDate: "April 1" };

describe("fillNumbers", () => {
  it("spells the governance numbers the way bylaws write them, and the dues as figures", () => {
    expect(fillNumbers("A quorum is {quorum} members; {boardSize} directors for {termYears} years; notice {noticeDays} days.", NUMBERS)).toBe(
      "A quorum is fifteen (15) members; seven (7) directors for two (2) years; notice five (5) days.",
    );
    expect(fillNumbers("Dues are ${duesDollars}, due {duesDate}.", NUMBERS)).toBe("Dues are $12.50, due April 1.");
    expect(fillNumbers("Dues are ${duesDollars}.", { ...NUMBERS, duesDollars: 10 })).toBe("Dues are $10.");
  });

  it("leaves other braces and unknown tokens alone", () => {
    expect(fillNumbers("{quorum2} {Quorum} { quorum } {}", NUMBERS)).toBe("{quorum2} {Quorum} { quorum } {}");
  });

  it("writes digits alone above twenty", () => {
    expect(spellNumber(20)).toBe("twenty (20)");
    expect(spellNumber(21)).toBe("21");
    expect(spellNumber(0)).toBe("zero (0)");
  });
});

describe("parseFacts", () => {
  it("reads one fact per line, splitting at the first colon, and skips blank lines and lines without one", () => {
    expect(parseFacts("Surface area: 412 acres\n\nOpen: 5:00 a.m. to 10:00 p.m.\nno colon here\n  Depth :38 feet  ")).toEqual([
      { label: "Surface area", value: "412 acres" },
      { label: "Open", value: "5:00 a.m. to 10:00 p.m." },
      { label: "Depth", value: "38 feet" },
    ]);
  });
});
