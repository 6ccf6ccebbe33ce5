import { describe, expect, it } from "vitest";
import { eventDays, eventOccurrences, eventWhen, isAllDay, isRuleDate, occurrenceDates, ONCE, repeatText, spanDays, weekdayOfMonth, type EventTiming } from "./occurrences.ts";

const timing = (overrides: Partial<EventTiming> = {}): EventTiming => ({ date: "2026-10-29", startTime: "19:00", ...ONCE, ...overrides });
const YEAR = { from: "2026-01-01", to: "2026-12-31" };

describe("occurrenceDates", () => {
  it("gives an event of one day its date when inside the range, nothing outside", () => {
    expect(occurrenceDates(timing(), YEAR)).toEqual(["2026-10-29"]);
    expect(occurrenceDates(timing(), { from: "2026-10-30", to: "2026-12-31" })).toEqual([]);
    expect(occurrenceDates(timing(), { from: "2026-01-01", to: "2026-10-28" })).toEqual([]);
  });

  it("keeps an event over several days that began before the range and ends in it", () => {
    const weekend = timing({ date: "2026-12-31", endDate: "2027-01-02" });
    expect(spanDays(weekend)).toBe(2);
    expect(occurrenceDates(weekend, { from: "2027-01-02", to: "2027-12-31" })).toEqual(["2026-12-31"]);
    expect(occurrenceDates(weekend, { from: "2027-01-03", to: "2027-12-31" })).toEqual([]);
  });

  it("repeats weekly until a date, inclusive, across the November clock change, skipping the exceptions", () => {
    const weekly = timing({ repeat: "weekly", repeatUntil: "2026-11-26", exceptions: "2026-11-12" });
    expect(occurrenceDates(weekly, YEAR)).toEqual(["2026-10-29", "2026-11-05", "2026-11-19", "2026-11-26"]);
    expect(occurrenceDates(weekly, YEAR, { withExceptions: true })).toContain("2026-11-12");
  });

  it("counts a skipped date towards a number of times, as calendar apps do (RFC 5545)", () => {
    expect(occurrenceDates(timing({ repeat: "weekly", repeatCount: 3, exceptions: "2026-11-05" }), YEAR)).toEqual(["2026-10-29", "2026-11-12"]);
  });

  it("repeats monthly on the date (skipping months without it) and on the weekday", () => {
    expect(occurrenceDates(timing({ date: "2026-01-31", repeat: "monthly", repeatCount: 4 }), YEAR)).toEqual(["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]);
    // 2026-11-10 is the second Tuesday of November.
    expect(weekdayOfMonth("2026-11-10")).toEqual({ nth: 2, weekday: 2 });
    expect(occurrenceDates(timing({ date: "2026-11-10", repeat: "monthly-weekday", repeatCount: 3 }), { from: "2026-01-01", to: "2027-12-31" })).toEqual(["2026-11-10", "2026-12-08", "2027-01-12"]);
    // A fifth Thursday repeats as the last one.
    expect(weekdayOfMonth("2026-10-29")).toEqual({ nth: -1, weekday: 4 });
    expect(occurrenceDates(timing({ repeat: "monthly-weekday", repeatCount: 2 }), { from: "2026-01-01", to: "2027-12-31" })).toEqual(["2026-10-29", "2026-11-26"]);
  });

  it("repeats yearly without end, only within the range asked", () => {
    expect(occurrenceDates(timing({ date: "2024-07-04", repeat: "yearly" }), YEAR)).toEqual(["2026-07-04"]);
  });

  it("knows the rule's own dates", () => {
    const weekly = timing({ repeat: "weekly" });
    expect(isRuleDate(weekly, "2026-11-05")).toBe(true);
    expect(isRuleDate(weekly, "2026-11-06")).toBe(false);
    expect(isRuleDate(weekly, "2026-10-22")).toBe(false);
  });
});

describe("eventOccurrences", () => {
  it("puts 19:00 local on each date with that day's offset, across the November change in Chicago", () => {
    const weekly = timing({ endTime: "21:00", repeat: "weekly", repeatCount: 2 });
    expect(eventOccurrences(weekly, "America/Chicago", YEAR)).toEqual([
      { date: "2026-10-29", endDate: "2026-10-29", start: "2026-10-29T19:00:00-05:00", end: "2026-10-29T21:00:00-05:00", allDay: false },
      { date: "2026-11-05", endDate: "2026-11-05", start: "2026-11-05T19:00:00-06:00", end: "2026-11-05T21:00:00-06:00", allDay: false },
    ]);
  });

  it("gives all-day events dates only, the last day inclusive; no end for an event without an end time", () => {
    expect(eventOccurrences(timing({ startTime: "", allDay: 1, endDate: "2026-10-31" }), "America/Chicago", YEAR)).toEqual([
      { date: "2026-10-29", endDate: "2026-10-31", start: "2026-10-29", end: "2026-10-31", allDay: true },
    ]);
    expect(eventOccurrences(timing(), "America/Chicago", YEAR)[0]).toMatchObject({ start: "2026-10-29T19:00:00-05:00", end: null });
    expect(eventOccurrences(timing({ date: "2026-12-31", endDate: "2027-01-01", endTime: "02:00" }), "America/Chicago", YEAR)[0]).toMatchObject({ end: "2027-01-01T02:00:00-06:00" });
  });

  it("reads an event saved without a start time as all day", () => {
    expect(isAllDay(timing({ startTime: "" }))).toBe(true);
    expect(isAllDay(timing())).toBe(false);
  });
});

describe("repeatText", () => {
  it.each([
    [{ repeat: "" }, ""],
    [{ repeat: "weekly" }, "Every week"],
    [{ repeat: "monthly", repeatCount: 6 }, "Every month, 6 times"],
    [{ repeat: "monthly-weekday", date: "2026-11-10" }, "Every month on the second Tuesday"],
    [{ repeat: "yearly", repeatUntil: "2030-07-04" }, "Every year until Jul 4, 2030"],
    [{ repeat: "weekly", repeatCount: 1 }, "Every week, 1 time"],
  ] as const)("%o reads %s", (overrides, text) => {
    expect(repeatText(timing(overrides))).toBe(text);
  });
});

describe("eventWhen", () => {
  it("says the time beside the date: all day, a span, a start, then the board's details", () => {
    const timing = { allDay: 0, startTime: "19:00", endTime: "21:00", timeDetails: "" };
    expect(eventWhen(timing)).toBe("7:00 PM – 9:00 PM");
    expect(eventWhen({ ...timing, endTime: "", timeDetails: "doors at 6:30" })).toBe("7:00 PM · doors at 6:30");
    expect(eventWhen({ ...timing, allDay: 1, startTime: "", endTime: "" })).toBe("All day");
    expect(eventWhen({ ...timing, startTime: "", endTime: "", timeDetails: "" })).toBe("");
  });
});

describe("eventDays", () => {
  it("says one day, or the first and the last", () => {
    expect(eventDays({ date: "2026-11-06", endDate: "" })).toBe("Friday, November 6, 2026");
    expect(eventDays({ date: "2026-11-06", endDate: "2026-11-08" })).toBe("Friday, November 6, 2026 – Sunday, November 8, 2026");
  });
});
