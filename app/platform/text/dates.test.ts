import { describe, expect, it } from "vitest";
import { addDaysTo, dateIn, dateTimeIn, daysBetween, eventWindow, isIsoDate, noonOf, todayIn } from "./dates.ts";
import { clockTime, longDate, shortDate } from "./format.ts";

const CHICAGO = "America/Chicago";

describe("isIsoDate", () => {
  it.each([
    ["2024-02-29", true],
    ["2026-02-28", true],
    ["2026-12-31", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-1-01", false],
    ["2026-01-1", false],
    ["26-01-01", false],
    ["2026-01-01T00:00", false],
    [" 2026-01-01", false],
    ["", false],
  ] as const)("%j → %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe("todayIn", () => {
  it("is still the previous day in Chicago just before 06:00 UTC in winter", () => {
    expect(todayIn(CHICAGO, new Date("2026-01-01T05:59:59Z"))).toBe("2025-12-31");
  });

  it("turns to the new day in Chicago at 06:00 UTC in winter", () => {
    expect(todayIn(CHICAGO, new Date("2026-01-01T06:00:00Z"))).toBe("2026-01-01");
  });

  it("follows daylight saving time (midnight is 05:00 UTC in summer)", () => {
    expect(todayIn(CHICAGO, new Date("2026-07-04T04:59:59Z"))).toBe("2026-07-03");
    expect(todayIn(CHICAGO, new Date("2026-07-04T05:00:00Z"))).toBe("2026-07-04");
  });

  it("gives the UTC date for UTC", () => {
    expect(todayIn("UTC", new Date("2026-01-01T05:59:59Z"))).toBe("2026-01-01");
  });
});

describe("eventWindow (spec §7: the current calendar year, in the association's time zone)", () => {
  it("on the evening of 31 December in Chicago is that year, today 31 December", () => {
    expect(eventWindow(CHICAGO, new Date("2026-12-31T23:30:00-06:00"))).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
      today: "2026-12-31",
    });
  });

  it("just after midnight on 1 January in Chicago is the new year", () => {
    expect(eventWindow(CHICAGO, new Date("2027-01-01T06:30:00Z"))).toEqual({
      from: "2027-01-01",
      to: "2027-12-31",
      today: "2027-01-01",
    });
    expect(eventWindow(CHICAGO, new Date("2027-01-01T00:30:00-06:00"))).toEqual(eventWindow(CHICAGO, new Date("2027-01-01T06:30:00Z")));
  });

  it("when it is already 1 January in UTC but still 31 December in Chicago, is the old year", () => {
    expect(eventWindow(CHICAGO, new Date("2026-01-01T03:00:00Z"))).toEqual({
      from: "2025-01-01",
      to: "2025-12-31",
      today: "2025-12-31",
    });
  });
});

describe("noonOf (spec §3: timestamp is noon of the date)", () => {
  it("is 17:00 UTC with offset 300 on a summer (CDT) date in Chicago", () => {
    expect(noonOf("2026-07-04", CHICAGO)).toEqual({ timestamp: Date.parse("2026-07-04T17:00:00Z"), timezoneOffset: 300 });
  });

  it("is 18:00 UTC with offset 360 on a winter (CST) date in Chicago", () => {
    expect(noonOf("2026-01-15", CHICAGO)).toEqual({ timestamp: Date.parse("2026-01-15T18:00:00Z"), timezoneOffset: 360 });
  });

  it("is noon local on the days daylight saving time starts and ends", () => {
    expect(noonOf("2026-03-08", CHICAGO)).toEqual({ timestamp: Date.parse("2026-03-08T17:00:00Z"), timezoneOffset: 300 });
    expect(noonOf("2026-11-01", CHICAGO)).toEqual({ timestamp: Date.parse("2026-11-01T18:00:00Z"), timezoneOffset: 360 });
  });

  it("is noon UTC with offset 0 in UTC", () => {
    const { timestamp, timezoneOffset } = noonOf("2026-07-04", "UTC");
    expect(timestamp).toBe(Date.parse("2026-07-04T12:00:00Z"));
    // @date-fns/tz reports -0 here (Date.prototype.getTimezoneOffset gives +0); both store as 0.
    expect(timezoneOffset === 0).toBe(true);
  });

  it.each(["2026-02-30", "2026-13-01", "2026-1-01", "", "not a date"])("throws RangeError on %j", (value) => {
    expect(() => noonOf(value, CHICAGO)).toThrow(RangeError);
  });
});

describe("daysBetween", () => {
  it.each([
    ["2026-07-04", "2026-07-04", 0],
    ["2026-07-03", "2026-07-04", 1],
    ["2026-06-27", "2026-07-04", 7],
    ["2026-07-05", "2026-07-04", -1],
    ["2025-12-31", "2026-01-01", 1],
    ["2024-02-28", "2024-03-01", 2],
    ["2026-02-28", "2026-03-01", 1],
    ["2025-07-04", "2026-07-04", 365],
  ] as const)("from %s to %s is %i", (date, today, days) => {
    expect(daysBetween(date, today)).toBe(days);
  });

  it("counts whole calendar days across the daylight saving change", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
  });
});

describe("clockTime", () => {
  it.each([
    ["19:30", "7:30 PM"],
    ["00:05", "12:05 AM"],
    ["12:00", "12:00 PM"],
    ["11:59", "11:59 AM"],
    ["13:00", "1:00 PM"],
    ["23:59", "11:59 PM"],
    ["09:00", "9:00 AM"],
  ] as const)("%s → %s", (time, label) => {
    expect(clockTime(time)).toBe(label);
  });

  it.each(["", "junk", "7:30", "24:00", "12:60", "19:30:00", " 19:30"])("leaves %j unchanged", (time) => {
    expect(clockTime(time)).toBe(time);
  });
});

describe("longDate and shortDate show the calendar day itself", () => {
  it("formats in US English", () => {
    expect(longDate("2026-06-13")).toBe("Saturday, June 13, 2026");
    expect(shortDate("2026-06-13")).toBe("Jun 13, 2026");
  });
  it("does not move the day across time zones (January 1 stays January 1)", () => {
    expect(longDate("2027-01-01")).toBe("Friday, January 1, 2027");
    expect(shortDate("2026-12-31")).toBe("Dec 31, 2026");
  });
});

describe("addDaysTo", () => {
  it("moves a calendar date by whole days, across month, year and leap-day ends", () => {
    expect(addDaysTo("2026-07-30", -29)).toBe("2026-07-01");
    expect(addDaysTo("2027-01-05", -29)).toBe("2026-12-07");
    expect(addDaysTo("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysTo("2026-11-01", 0)).toBe("2026-11-01");
  });

  it("refuses what is not a calendar date", () => {
    expect(() => addDaysTo("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDaysTo("July 1", 1)).toThrow(RangeError);
  });
});

describe("dateIn and dateTimeIn: an instant in the association's time zone (issue 26)", () => {
  // 2026-11-27 05:30 UTC is still the 26th in Chicago (UTC-6 in November) and already the 27th in Berlin.
  const nearMidnight = Date.UTC(2026, 10, 27, 5, 30);

  it("gives the local calendar day, not the UTC one", () => {
    expect(dateIn("America/Chicago", nearMidnight)).toBe("2026-11-26");
    expect(dateIn("UTC", nearMidnight)).toBe("2026-11-27");
    expect(dateIn("Pacific/Auckland", Date.UTC(2026, 10, 26, 11, 30))).toBe("2026-11-27");
  });

  it("writes the local day and time", () => {
    expect(dateTimeIn("America/Chicago", nearMidnight)).toBe("Nov 26, 2026, 11:30 PM");
    expect(dateTimeIn("Europe/Berlin", nearMidnight)).toBe("Nov 27, 2026, 6:30 AM");
    expect(dateTimeIn("America/Chicago", Date.UTC(2026, 6, 4, 5, 0))).toBe("Jul 4, 2026, 12:00 AM");
  });

  it("says what Intl says (en-US, medium date, short time), around midnight and across daylight saving", () => {
    const intl = (timeZone: string, instant: number) =>
      new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(instant).replace(/\u202f/g, " ");
    for (const timeZone of ["America/Chicago", "America/St_Johns", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"]) {
      for (let instant = Date.UTC(2026, 2, 7); instant < Date.UTC(2026, 2, 10); instant += 17 * 60 * 1000) {
        expect(dateTimeIn(timeZone, instant), `${timeZone} ${new Date(instant).toISOString()}`).toBe(intl(timeZone, instant));
      }
    }
  });
});
