import { describe, expect, it } from "vitest";
import { excelSerialDate, readDateCell, readTimeCell } from "./dates.ts";

describe("readDateCell: sample dates as labs write them", () => {
  it.each([
    ["2026-11-16", { date: "2026-11-16", time: "" }],
    ["2026-11-16T10:30", { date: "2026-11-16", time: "10:30" }],
    ["2024-05-21 10:30:00", { date: "2024-05-21", time: "10:30" }],
    ["11/16/2026", { date: "2026-11-16", time: "" }],
    ["05/26/2015", { date: "2015-05-26", time: "" }],
    ["5/27/13 10:55/11:01", { date: "2013-05-27", time: "10:55" }],
    ["1/2/99", { date: "1999-01-02", time: "" }],
    [" 2026-02-28 ", { date: "2026-02-28", time: "" }],
  ])("reads %j", (text, expected) => {
    expect(readDateCell(text)).toEqual(expected);
  });

  it.each(["2026-02-30", "13/01/2026", "16/11/2026", "2026-13-01", "yesterday", "", "11/16", "2026"])("refuses %j", (text) => {
    expect(readDateCell(text)).toBeNull();
  });

  it("reads Excel serials: 42150.2708 is 2015-05-26 06:30 (the Chicago 2015 workbook's Calumet sample)", () => {
    expect(readDateCell(42150.270833333336)).toEqual({ date: "2015-05-26", time: "06:30" });
    expect(readDateCell(45000)).toEqual({ date: "2023-03-15", time: "" });
    expect(excelSerialDate(18264)).toEqual({ date: "1950-01-01", time: "" });
    expect(excelSerialDate(18263)).toBeNull();
    expect(readDateCell(3)).toBeNull();
    expect(readDateCell({ error: "#NUM!" })).toBeNull();
  });
});

describe("readTimeCell", () => {
  it.each([
    ["6:30/31", "06:30"],
    ["10:58/11:00", "10:58"],
    ["10:41:00", "10:41"],
    ["1:05 PM", "13:05"],
    ["12:10 am", "00:10"],
    ["", ""],
  ])("reads %j as %j", (text, expected) => {
    expect(readTimeCell(text)).toBe(expected);
  });
  it("reads a serial's fraction and refuses what has no time", () => {
    expect(readTimeCell(0.5)).toBe("12:00");
    expect(readTimeCell(42150.288194444445)).toBe("06:55");
    expect(readTimeCell("morning")).toBeNull();
    expect(readTimeCell("25:00")).toBeNull();
    expect(readTimeCell({ error: "#VALUE!" })).toBeNull();
  });
});
