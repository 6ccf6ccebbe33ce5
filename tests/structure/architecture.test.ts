/**
 * The map stays true (issue 25): every path docs/architecture.md names exists. A path is a token of the tree (the
 * first word of each line of its ```tree block) or anything written in backticks that starts with one of the
 * project's folders or is one of its top-level files, e.g. `app/beach/state.ts` or `.dependency-cruiser.cjs`; a
 * recipe's placeholder (NAME) and a pattern (*) are not paths.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url);
const MAP = readFileSync(new URL("docs/architecture.md", ROOT), "utf8");
const FOLDERS = ["app", "server", "db", "scripts", "tests", "content", "docs", "vite", "deploy", "public"];
/** The project's own files at its top: dot-files and the tools' configuration. */
const TOP_LEVEL = /^(\.[\w.-]+|\.ci\/run|package\.json|tsconfig\.json|[\w-]+\.config\.ts|README\.md)$/;

/** The paths the map names, each with the line it is on. */
function namedPaths(map: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  const lines = map.split("\n");
  let inTree = false;
  lines.forEach((text, index) => {
    if (text.startsWith("```")) {
      inTree = text.trim() === "```tree";
      return;
    }
    if (inTree) {
      const first = text.trim().split(/\s+/)[0];
      if (first) found.push({ path: first, line: index + 1 });
      return;
    }
    for (const match of text.matchAll(/`([^`\s]+)`/g)) {
      const token = match[1]!.replace(/[,.:;)]+$/, "");
      if (FOLDERS.some((folder) => token.startsWith(`${folder}/`)) || TOP_LEVEL.test(token)) found.push({ path: token, line: index + 1 });
    }
  });
  return found;
}

describe("docs/architecture.md", () => {
  const paths = namedPaths(MAP);

  it("has a tree and names paths at all (the test reads what it should)", () => {
    expect(MAP).toContain("```tree");
    expect(paths.length).toBeGreaterThan(40);
  });

  it("names only paths that exist", () => {
    // A pattern (`app/*/data/`) or a recipe's placeholder (`app/routes/admin/NAME.tsx`) names a kind of path.
    const missing = paths
      .filter(({ path }) => !path.includes("*") && !path.includes("NAME") && !existsSync(new URL(path, ROOT)))
      .map(({ path, line }) => `line ${line}: ${path}`);
    expect(missing).toEqual([]);
  });

  it("has the recipes for a domain, a public page and an admin screen", () => {
    for (const recipe of ["## How to add a domain", "## How to add a public page", "## How to add an admin screen"]) expect(MAP).toContain(recipe);
  });
});
