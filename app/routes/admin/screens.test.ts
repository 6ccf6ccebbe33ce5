import { describe, expect, it } from "vitest";
import { accessOf, ADMIN_ENDPOINTS, ADMIN_SCREENS, menuFor } from "./screens.ts";

describe("accessOf", () => {
  it("says what each registry entry says", () => {
    for (const entry of [...ADMIN_SCREENS, ...ADMIN_ENDPOINTS]) expect(accessOf(entry.path), entry.path).toBe(entry.access ?? "everyone");
  });

  it("closes to Editors what lies under an Administrator's screen, and what no entry opens", () => {
    expect(accessOf("")).toBe("everyone");
    expect(accessOf("settings/anything")).toBe("administrator");
    expect(accessOf("subscribers/export")).toBe("administrator");
    expect(accessOf("documents/upload")).toBe("everyone");
    expect(accessOf("no-such-screen")).toBe("administrator");
    expect(accessOf("newsletter")).toBe("administrator");
    expect(accessOf("x", [{ path: "a" }, { path: "a/b", access: "administrator" }])).toBe("administrator");
    expect(accessOf("a/b/c", [{ path: "a", access: "administrator" }, { path: "a/b" }])).toBe("administrator");
  });
});

describe("menuFor", () => {
  it("shows an Editor no link to an Administrator's screen, and an Administrator every link", () => {
    const editor = [...menuFor("main", "editor"), ...menuFor("site", "editor")].map((l) => l.label);
    const administrator = [...menuFor("main", "administrator"), ...menuFor("site", "administrator")].map((l) => l.label);
    for (const label of ["People", "Settings", "Subscribers"]) {
      expect(editor).not.toContain(label);
      expect(administrator).toContain(label);
    }
    expect(editor).toEqual(expect.arrayContaining(["News Posts", "Events", "Documents", "Beach Data", "Banner", "Board", "Pages", "Your account"]));
  });
});
