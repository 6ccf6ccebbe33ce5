/**
 * SQL lives in data modules and migrations only (issue 25): every query is a named function of a data module (a file
 * under `app/<domain>/data/` or `app/platform/data/`, where `db.server.ts` is the database module itself) or part of
 * a migration (`db/migrations/`). This test reads every other module of app/, server/ and db/seed.ts with swc (the
 * parser dependency-cruiser uses here) and fails naming each file and line that builds a query: a Kysely query
 * builder call (`selectFrom`, `insertInto`, …), a `sql` template or helper, or a value imported from Kysely or a
 * database driver. Left out on purpose: scripts/ (the bench and the backup tools talk to the database directly) and
 * test files.
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync, type Span } from "@swc/core";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The modules read: the app, the HTTP server and the seed. */
const SCANNED = ["app/**/*.ts", "app/**/*.tsx", "server/**/*.ts", "server/**/*.js", "db/seed.ts"];
/** Where queries belong (paths relative to the project, with `/`). */
const DATA_MODULE = /^app\/(.+\/)?data\//;
const TEST_FILE = /\.test\.tsx?$/;

/** Kysely's methods that start a query (on a Kysely handle or a transaction). */
const QUERY_METHODS = new Set(["selectFrom", "selectNoFrom", "insertInto", "replaceInto", "updateTable", "deleteFrom", "mergeInto", "executeQuery"]);
/** Packages whose values build or run SQL: a module that imports one (not only its types) talks to the database. */
const DATABASE_PACKAGES = /^(kysely|pg|better-sqlite3)(\/|$)/;

/** One query found: the line (1-based) and what was found there. */
interface Query {
  line: number;
  what: string;
}

/** A node of swc's syntax tree, as far as this test reads it. */
interface SyntaxNode {
  type: string;
  span: Span;
  [key: string]: unknown;
}

/** Every node under `value`, depth first. */
function* nodesOf(value: unknown): Generator<SyntaxNode> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodesOf(item);
  } else if (value !== null && typeof value === "object") {
    if (typeof (value as SyntaxNode).type === "string") yield value as SyntaxNode;
    for (const child of Object.values(value)) yield* nodesOf(child);
  }
}

/** The name of an identifier node, or undefined for any other node. */
const identifier = (node: unknown) => ((node as SyntaxNode | undefined)?.type === "Identifier" ? ((node as SyntaxNode).value as string) : undefined);

/**
 * The queries built in one module's source. Comments and strings are not code, so a query named in them is not one.
 * @param source TypeScript (or JavaScript) text
 * @param tsx whether it holds JSX (a .tsx file)
 * @throws swc's error when the source does not parse
 */
function queriesIn(source: string, tsx: boolean): Query[] {
  const program = parseSync(source, { syntax: "typescript", tsx });
  // swc's spans are 1-based offsets in UTF-8 bytes.
  const bytes = Buffer.from(source, "utf8");
  const lineOf = (span: Span) => bytes.subarray(0, span.start - 1).toString("utf8").split("\n").length;

  const found: Query[] = [];
  // Kysely's `sql` under the names this module gives it.
  const sqlNames = new Set(["sql"]);
  for (const node of nodesOf(program.body)) {
    if (node.type !== "ImportDeclaration") continue;
    const from = (node.source as { value: string }).value;
    if (!DATABASE_PACKAGES.test(from) || node.typeOnly) continue;
    for (const specifier of node.specifiers as SyntaxNode[]) {
      if (specifier.isTypeOnly) continue;
      const local = identifier(specifier.local) as string;
      const imported = identifier(specifier.imported) ?? local;
      if (from === "kysely" && imported === "sql") sqlNames.add(local);
      found.push({ line: lineOf(specifier.span), what: `imports ${imported} from "${from}"` });
    }
  }
  for (const node of nodesOf(program.body)) {
    if (node.type === "TaggedTemplateExpression" && sqlNames.has(identifier(node.tag) ?? "")) {
      found.push({ line: lineOf(node.span), what: "sql`…`" });
    } else if (node.type === "CallExpression" && (node.callee as SyntaxNode).type === "MemberExpression") {
      const callee = node.callee as SyntaxNode;
      const method = identifier(callee.property);
      if (method && QUERY_METHODS.has(method)) found.push({ line: lineOf((callee.property as SyntaxNode).span), what: `${method}(…)` });
      else if (sqlNames.has(identifier(callee.object) ?? "")) found.push({ line: lineOf(callee.span), what: `sql.${method}(…)` });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

describe("SQL only in data modules and migrations (issue 25)", () => {
  const files = globSync(SCANNED, { cwd: ROOT })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => !DATA_MODULE.test(file) && !TEST_FILE.test(file))
    .sort();

  it("finds no query in app/, server/ or db/seed.ts outside the data modules", () => {
    // The scan reaches the modules that used to hold queries of their own.
    for (const file of ["server/app.ts", "db/seed.ts", "app/accounts/setup.server.ts", "app/platform/files/images.server.ts"]) expect(files).toContain(file);
    const found = files.flatMap((file) =>
      queriesIn(readFileSync(path.join(ROOT, file), "utf8"), file.endsWith(".tsx")).map(({ line, what }) => `${file}:${line}: ${what}`),
    );
    expect(found, "SQL outside a data module: make it a named function of the domain's data/ folder (or app/platform/data/) and call that").toEqual([]);
  });

  // Parsed after every module above, so it also shows that each parse counts lines from its own start.
  it("recognises a query in each form it looks for, and not in comments or strings", () => {
    const source = [
      'import { sql as raw, type SqlBool } from "kysely";',
      'import type { Kysely } from "kysely";',
      "const posts = await db",
      '  .selectFrom("news_post")',
      '  .select("id").execute();',
      'await trx.insertInto("setting").values({ key, value }).execute(); // é',
      "await raw<{ id: string }>`SELECT id FROM \"user\"`.execute(db);",
      'const where = raw.ref("at");',
      "// db.deleteFrom(\"image\") is only named here",
      'const text = "db.updateTable(x)";',
      "const view = <p>{posts.length}</p>;",
      'await sql`DELETE FROM verification`.execute(db);',
    ].join("\n");
    expect(queriesIn(source, true)).toEqual([
      { line: 1, what: 'imports sql from "kysely"' },
      { line: 4, what: "selectFrom(…)" },
      { line: 6, what: "insertInto(…)" },
      { line: 7, what: "sql`…`" },
      { line: 8, what: "sql.ref(…)" },
      { line: 12, what: "sql`…`" },
    ]);
  });
});
