import { describe, expect, it } from "vitest";
import { asRole, leavesNoAdministrator, mayUse } from "./roles.ts";

describe("roles", () => {
  it("lets an Administrator use every screen and an Editor only those open to everyone", () => {
    expect(mayUse("administrator", "administrator")).toBe(true);
    expect(mayUse("administrator", "everyone")).toBe(true);
    expect(mayUse("editor", "everyone")).toBe(true);
    expect(mayUse("editor", "administrator")).toBe(false);
  });

  it("reads an unknown or missing role as an Editor's", () => {
    expect(asRole("administrator")).toBe("administrator");
    expect(asRole("editor")).toBe("editor");
    expect(asRole("Administrator")).toBe("editor");
    expect(asRole(undefined)).toBe("editor");
  });

  it("refuses to remove or demote the last Administrator, and nothing else", () => {
    expect(leavesNoAdministrator(1, "administrator", null)).toBe(true);
    expect(leavesNoAdministrator(1, "administrator", "editor")).toBe(true);
    expect(leavesNoAdministrator(1, "administrator", "administrator")).toBe(false);
    expect(leavesNoAdministrator(2, "administrator", null)).toBe(false);
    expect(leavesNoAdministrator(2, "administrator", "editor")).toBe(false);
    expect(leavesNoAdministrator(1, "editor", null)).toBe(false);
    expect(leavesNoAdministrator(0, "editor", "administrator")).toBe(false);
  });
});
