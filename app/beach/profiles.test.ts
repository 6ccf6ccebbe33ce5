/**
 * The rule profiles against their sources (issue 27): the spec's rule for one sample (spec §4), EPA 2012's beach
 * action value, statistical threshold value and 30-day geometric mean (EPA 820-F-12-058), Michigan's daily and 30-day
 * geometric means (R 323.1062), EPA 2019's cyanotoxin levels with Ohio's two samples to lift (EPA 822-R-19-001), and
 * Vermont's bloom colours; qualified results read cautiously.
 */
import { describe, expect, it } from "vitest";
import { readResultText, type ResultValue } from "./results.ts";
import { publicBeachStatus } from "./status.ts";
import { bloomVerdict, cyanotoxinAdvisory, cyanotoxinVerdict, ecoliVerdict, specSampleStatus, worstVerdict, readProfile, type SampleResult } from "./profiles.ts";

/** A result of `text` ("250", ">2419.6", "<10") sampled on `date`. */
function r(date: string, text: string): SampleResult {
  return { date, ...(readResultText(text) as ResultValue) };
}
/** One sample a day, from 2026-07-01 on. */
const days = (...texts: string[]) => texts.map((t, i) => r(`2026-07-${String(i + 1).padStart(2, "0")}`, t));

describe("the spec profile: the latest sample, 235 and 1000 (spec §4)", () => {
  it.each([0, 234, 234.9, 235, 999, 999.9, 1000, 1000.1, 1001, 2419.6])("a plain %s is publicBeachStatus's", (value) => {
    expect(specSampleStatus({ value, qualifier: "", detectionLimit: null })).toBe(publicBeachStatus(value));
  });
  it("reads qualifiers cautiously: >2419.6 is Closed, <10 and <235 Open, <300 Caution, not detected Open", () => {
    expect(ecoliVerdict("spec", [r("2026-07-01", ">2419.6")])).toMatchObject({ parameterId: "ecoli", status: "Closed", text: "E. coli >2,419.6 CFU per 100 mL" });
    expect(ecoliVerdict("spec", [r("2026-07-01", "<10")])?.status).toBe("Open");
    expect(ecoliVerdict("spec", [r("2026-07-01", "<235")])?.status).toBe("Open");
    expect(ecoliVerdict("spec", [r("2026-07-01", "<300")])?.status).toBe("Caution");
    expect(ecoliVerdict("spec", [r("2026-07-01", "ND")])?.status).toBe("Open");
  });
  it("judges the latest sample only, and has nothing to say without one", () => {
    expect(ecoliVerdict("spec", days("2000", "2000", "2000", "2000", "100"))?.status).toBe("Open");
    expect(ecoliVerdict("spec", [])).toBeNull();
  });
  it("reads an unknown stored profile as the spec's", () => {
    expect(readProfile("ohio")).toBe("spec");
    expect(readProfile("michigan")).toBe("michigan");
  });
});

describe("EPA 2012: BAV 235 is Caution, STV 410 is Closed, 30-day geometric mean 126 is Caution", () => {
  it.each([
    ["234", "Open"],
    ["235", "Caution"],
    ["410", "Caution"],
    ["410.1", "Closed"],
    [">2419.6", "Closed"],
    ["<400", "Caution"],
    ["<200", "Open"],
  ])("a latest sample of %s: %s", (text, status) => {
    expect(ecoliVerdict("epa2012", [r("2026-07-01", text)])?.status).toBe(status);
  });
  it("a 30-day geometric mean above 126 of 5 samples is Caution though each sample is under 235", () => {
    const verdict = ecoliVerdict("epa2012", days("200", "200", "200", "200", "100"));
    // (200^4 × 100)^(1/5) = 174.1
    expect(verdict).toMatchObject({ parameterId: "ecoli", status: "Caution", text: "E. coli 30-day geometric mean 174.1 CFU per 100 mL (5 samples)" });
  });
  it("the mean needs 5 samples in the 30 days ending at the latest: 4 are not enough, nor an old one", () => {
    expect(ecoliVerdict("epa2012", days("200", "200", "200", "100"))?.status).toBe("Open");
    const old = [r("2026-05-01", "200"), ...days("200", "200", "200", "100")];
    expect(ecoliVerdict("epa2012", old)?.status).toBe("Open");
  });
  it("a mean of exactly 126 is not above it", () => {
    expect(ecoliVerdict("epa2012", days("126", "126", "126", "126", "126"))?.status).toBe("Open");
  });
});

describe("Michigan R 323.1062: daily geometric mean 300 (Caution) and 1000 (Closed), 30-day 130 over 5 sampling days", () => {
  it("the daily mean of 3 samples decides, not one high sample", () => {
    // (100 × 400 × 900)^(1/3) = 330.2: above 300.
    const day = [r("2026-07-01", "100"), r("2026-07-01", "400"), r("2026-07-01", "900")];
    expect(ecoliVerdict("michigan", day)).toMatchObject({ parameterId: "ecoli", status: "Caution", text: "E. coli daily geometric mean 330.2 CFU per 100 mL (3 samples)" });
    const lower = [r("2026-07-01", "100"), r("2026-07-01", "200"), r("2026-07-01", "900")];
    expect(ecoliVerdict("michigan", lower)?.status).toBe("Open");
  });
  it("above 1000 (partial body contact) is Closed; 300 itself is not above", () => {
    expect(ecoliVerdict("michigan", [r("2026-07-01", "1200"), r("2026-07-01", "1100"), r("2026-07-01", "1000")])?.status).toBe("Closed");
    expect(ecoliVerdict("michigan", [r("2026-07-01", "300"), r("2026-07-01", "300"), r("2026-07-01", "300")])?.status).toBe("Open");
  });
  it("says when a day has fewer than 3 samples", () => {
    expect(ecoliVerdict("michigan", [r("2026-07-01", "400"), r("2026-07-01", "400")])?.text).toBe("E. coli daily geometric mean 400 CFU per 100 mL (2 samples, fewer than 3)");
  });
  it("the 30-day mean above 130 needs 5 sampling days: 5 days of 140 is Caution, 4 are not", () => {
    expect(ecoliVerdict("michigan", days("140", "140", "140", "140", "140"))).toMatchObject({
      parameterId: "ecoli",
      status: "Caution",
      text: "E. coli 30-day geometric mean 140 CFU per 100 mL (5 sampling days)",
    });
    expect(ecoliVerdict("michigan", days("140", "140", "140", "140"))?.status).toBe("Open");
  });
});

describe("cyanotoxins (EPA 2019: microcystins 8, cylindrospermopsin 15 µg/L; lifted after two samples below, as Ohio)", () => {
  it("a sample above raises the advisory; one below does not lift it; the second does", () => {
    const seq = ["3", "9.1", "2", "1"].map((t, i) => r(`2026-07-0${i + 1}`, t));
    expect(cyanotoxinAdvisory("microcystins", seq.slice(0, 1))).toBeNull();
    expect(cyanotoxinAdvisory("microcystins", seq.slice(0, 2))?.value).toBe(9.1);
    expect(cyanotoxinVerdict("microcystins", seq.slice(0, 3))).toMatchObject({ parameterId: "microcystins", status: "Caution", text: "microcystins 9.1 µg/L" });
    expect(cyanotoxinVerdict("microcystins", seq)).toMatchObject({ parameterId: "microcystins", status: "Open", text: "microcystins 1 µg/L" });
  });
  it("8 itself is not above; >8 and 8.1 are; <20 (not quantified) is not below 15 for cylindrospermopsin", () => {
    expect(cyanotoxinVerdict("microcystins", [r("2026-07-01", "8")])?.status).toBe("Open");
    expect(cyanotoxinVerdict("microcystins", [r("2026-07-01", "8.1")])?.status).toBe("Caution");
    expect(cyanotoxinVerdict("cylindrospermopsin", [r("2026-07-01", "15")])?.status).toBe("Open");
    expect(cyanotoxinVerdict("cylindrospermopsin", [r("2026-07-01", "<20")])?.status).toBe("Caution");
    expect(cyanotoxinVerdict("cylindrospermopsin", [r("2026-07-01", "ND")])?.status).toBe("Open");
    expect(cyanotoxinVerdict("microcystins", [])).toBeNull();
  });
});

describe("the worst verdict decides, and bloom colours map to statuses", () => {
  it("Closed over Error over Caution over Open; the first of equals", () => {
    const v = (parameterId: string, status: "Open" | "Caution" | "Closed" | "Error") => ({ parameterId, status, text: parameterId });
    expect(worstVerdict([v("ecoli", "Open"), v("microcystins", "Caution")])?.parameterId).toBe("microcystins");
    expect(worstVerdict([v("ecoli", "Caution"), v("microcystins", "Caution")])?.parameterId).toBe("ecoli");
    expect(worstVerdict([v("ecoli", "Error"), v("bloom", "Caution")])?.parameterId).toBe("ecoli");
    expect(worstVerdict([v("ecoli", "Error"), v("bloom", "Closed")])?.parameterId).toBe("bloom");
    expect(worstVerdict([])).toBeNull();
  });
  it("green is Open, yellow Caution, red Closed", () => {
    expect(bloomVerdict("green").status).toBe("Open");
    expect(bloomVerdict("yellow")).toMatchObject({ parameterId: "bloom", status: "Caution", text: "bloom report: yellow (low alert)" });
    expect(bloomVerdict("red").status).toBe("Closed");
  });
});
