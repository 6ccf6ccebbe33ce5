/**
 * The official RecML 1.0.1 schema (tests/fixtures/recml/, from swimdrinkfish/opendata) as a validator: ajv with
 * ajv-draft-04, since the schema is JSON Schema draft-04. The two formats it uses are checked here (ajv leaves
 * formats to ajv-formats, which is not a dependency): "date-time" as RFC 3339 naming a real instant, "uri" as an
 * absolute URL.
 */
import { readFileSync } from "node:fs";
import Ajv from "ajv-draft-04";

/** A file of tests/fixtures/recml/, parsed. */
export function recmlFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/recml/${name}`, import.meta.url), "utf8"));
}

/** RFC 3339 date-time (section 5.6). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function absoluteUrl(text: string): boolean {
  try {
    return new URL(text).protocol.length > 1;
  } catch {
    return false;
  }
}

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat("date-time", { type: "string", validate: (s: string) => RFC3339.test(s) && !Number.isNaN(Date.parse(s)) });
ajv.addFormat("uri", { type: "string", validate: absoluteUrl });
const validate = ajv.compile(recmlFixture("schema.json") as object);

/** What the schema finds wrong with `document`, one "path message" each; empty when it is valid RecML 1.0.1. */
export function recmlErrors(document: unknown): string[] {
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
