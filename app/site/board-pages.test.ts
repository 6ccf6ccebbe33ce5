import { describe, expect, it } from "vitest";
import { MAX_MENU_PAGES, MAX_SLUG_LENGTH, menuProblem, pageDescription, SLUG_MESSAGES, slugFromTitle, slugProblem } from "./board-pages.ts";

const RESERVED = new Set(["meetboard", "localinfo", "documents"]);

describe("slugProblem", () => {
  it("takes lower-case words joined by single hyphens", () => {
    for (const slug of ["boat-launch", "invasive-species-2027", "a", "2027"]) expect(slugProblem(slug, RESERVED), slug).toBeUndefined();
  });

  it("refuses capitals, spaces, other characters, and hyphens at the ends or doubled", () => {
    for (const slug of ["Boat-launch", "boat launch", "boat_launch", "boat/launch", "-boat", "boat-", "boat--launch", "bateau-à-quai", "..", "boat.html"]) {
      expect(slugProblem(slug, RESERVED), slug).toBe(SLUG_MESSAGES.form);
    }
  });

  it("refuses an empty address and one over the limit (the limit itself is fine)", () => {
    expect(slugProblem("", RESERVED)).toBe(SLUG_MESSAGES.empty);
    expect(slugProblem("a".repeat(MAX_SLUG_LENGTH), RESERVED)).toBeUndefined();
    expect(slugProblem("a".repeat(MAX_SLUG_LENGTH + 1), RESERVED)).toBe(SLUG_MESSAGES.length);
  });

  it("refuses the addresses the site's own pages take", () => {
    expect(slugProblem("documents", RESERVED)).toBe(SLUG_MESSAGES.reserved);
    expect(slugProblem("meetboard", RESERVED)).toBe(SLUG_MESSAGES.reserved);
    expect(slugProblem("documents-2027", RESERVED)).toBeUndefined();
  });
});

describe("slugFromTitle", () => {
  it("makes an address from a title", () => {
    expect(slugFromTitle("Boat Launch & Ramp")).toBe("boat-launch-ramp");
    expect(slugFromTitle("  Étang — Invasive Species!  ")).toBe("etang-invasive-species");
    expect(slugFromTitle("???")).toBe("");
  });

  it("cuts a long title at a word, within the limit", () => {
    const slug = slugFromTitle("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slugProblem(slug, RESERVED)).toBeUndefined();
  });
});

describe("menuProblem", () => {
  it("has room up to the limit, and says the limit when full", () => {
    expect(menuProblem(MAX_MENU_PAGES - 1)).toBeUndefined();
    expect(menuProblem(MAX_MENU_PAGES)).toContain(`room for ${MAX_MENU_PAGES} pages`);
  });
});

describe("pageDescription", () => {
  it("is the text's first words, without pictures, link addresses or marks", () => {
    expect(pageDescription("Boat launch", "## Hours\n\n![Ramp](/images/x/640.webp#640x480) The **ramp** is open [daily](https://x.example).\n- Bring a permit")).toBe("Hours The ramp is open daily. Bring a permit");
    expect(pageDescription("Boat launch", "![Ramp](/images/x/640.webp#640x480)")).toBe("Boat launch");
  });

  it("cuts a long text at a word", () => {
    const text = pageDescription("T", "word ".repeat(100));
    expect(text.length).toBeLessThanOrEqual(155);
    expect(text.endsWith("word…")).toBe(true);
  });
});
