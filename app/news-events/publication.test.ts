import { describe, expect, it } from "vitest";
import { instantOf, isPublic, localTimeOf, publicAuthor, publicationColumns, publicationState, shortDateTime, stateLabel } from "./publication.ts";

const T = Date.UTC(2026, 10, 27, 18, 0); // 12:00 in Chicago (CST)

describe("publicationState and isPublic", () => {
  it("a draft is never public; a published item from its instant on", () => {
    expect(publicationState({ draft: 1, publishAt: 0 }, T)).toEqual({ kind: "draft" });
    expect(isPublic({ draft: 1, publishAt: 0 }, T)).toBe(false);
    expect(publicationState({ draft: 0, publishAt: T + 1 }, T)).toEqual({ kind: "scheduled", at: T + 1 });
    expect(isPublic({ draft: 0, publishAt: T + 1 }, T)).toBe(false);
    expect(isPublic({ draft: 0, publishAt: T }, T)).toBe(true);
  });

  it("labels the admin list's status in the association's time", () => {
    expect(stateLabel({ kind: "draft" }, "America/Chicago")).toBe("Draft");
    expect(stateLabel({ kind: "scheduled", at: T + 150 * 60_000 }, "America/Chicago")).toBe("Scheduled for Nov 27, 2026, 2:30 PM");
    expect(stateLabel({ kind: "published", at: T }, "America/Chicago")).toBe("Published");
  });
});

describe("publicationColumns", () => {
  it("now: public from now, a published item keeps its first instant, a scheduled one is published now", () => {
    expect(publicationColumns("now", null, T)).toEqual({ draft: 0, publishAt: T, live: 1 });
    expect(publicationColumns("now", null, T, { draft: 0, publishAt: 5 })).toEqual({ draft: 0, publishAt: 5, live: 1 });
    expect(publicationColumns("now", null, T, { draft: 0, publishAt: T + 9 })).toEqual({ draft: 0, publishAt: T, live: 1 });
    expect(publicationColumns("now", null, T, { draft: 1, publishAt: 5 })).toEqual({ draft: 0, publishAt: T, live: 1 });
  });

  it("at: waits (not live) for a time to come; a time past publishes at once", () => {
    expect(publicationColumns("at", T + 60_000, T)).toEqual({ draft: 0, publishAt: T + 60_000, live: 0 });
    expect(publicationColumns("at", T - 60_000, T)).toEqual({ draft: 0, publishAt: T - 60_000, live: 1 });
  });

  it("draft: off the site", () => {
    expect(publicationColumns("draft", null, T).draft).toBe(1);
    expect(publicationColumns("draft", T + 5, T, { draft: 0, publishAt: 7 })).toEqual({ draft: 1, publishAt: 7, live: 1 });
  });
});

describe("set times in the association's zone", () => {
  it("reads and writes datetime-local values, daylight saving included", () => {
    expect(instantOf("2026-11-27T12:00", "America/Chicago")).toBe(T);
    expect(instantOf("2026-07-10T12:00", "America/Chicago")).toBe(Date.UTC(2026, 6, 10, 17));
    expect(localTimeOf(T, "America/Chicago")).toBe("2026-11-27T12:00");
    expect(shortDateTime(T, "Europe/Paris")).toBe("Nov 27, 2026, 7:00 PM");
  });

  it("refuses what is not a time", () => {
    for (const bad of ["", "2026-11-27", "2026-02-30T10:00", "2026-11-27T24:00", "tomorrow"]) expect(instantOf(bad, "America/Chicago")).toBeNull();
  });
});

describe("publicAuthor", () => {
  it("shows a name as written, never an email address, and the association's name for none", () => {
    expect(publicAuthor("Dana Lee", "Heron Lake Association")).toBe("Dana Lee");
    expect(publicAuthor("admin@shoreline.test", "Heron Lake Association")).toBe("Heron Lake Association");
    expect(publicAuthor(" chair@heronlake.example.org ", "Heron Lake Association")).toBe("Heron Lake Association");
    expect(publicAuthor("", "Heron Lake Association")).toBe("Heron Lake Association");
    expect(publicAuthor("The board @ the lake", "Heron Lake Association")).toBe("The board @ the lake");
  });
});
