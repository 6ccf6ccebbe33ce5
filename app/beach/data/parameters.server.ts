/**
 * The parameter catalogue's rows (issue 27, migration 0015): the built-in parameters of app/beach/parameters.ts and
 * those the board added, in the board's order. The board adds, changes and removes its own (a parameter with results
 * stays); the built-in ones are the catalogue's and change only by a migration.
 */
import type { Parameter } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import type { ParameterDefinition } from "#app/beach/parameters.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { paginateRows, textsContain } from "#app/platform/data/paging.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";

export type { Parameter };

/** A stored parameter as the catalogue describes it (its unit aliases read from JSON). */
export function toDefinition(row: Parameter): ParameterDefinition & { builtin: boolean; position: number } {
  let aliases: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.unitAliases);
    if (Array.isArray(parsed)) aliases = parsed.filter((a): a is string => typeof a === "string");
  } catch {
    aliases = [];
  }
  return {
    id: row.id,
    name: row.name,
    characteristicName: row.characteristicName,
    unitCode: row.unitCode,
    unitLabel: row.unitLabel,
    unitAliases: aliases,
    depthProfile: row.depthProfile === 1,
    minValue: Number(row.minValue),
    maxValue: Number(row.maxValue),
    builtin: row.builtin === 1,
    position: row.position,
  };
}

/** Every parameter, in the board's order. */
export async function listParameters(db: Database): Promise<ReturnType<typeof toDefinition>[]> {
  const rows = await db.selectFrom("parameter").selectAll().orderBy("position").orderBy("name").execute();
  return rows.map(toDefinition);
}

/** One parameter by id, or undefined. */
export async function getParameter(db: Database, id: string): Promise<ReturnType<typeof toDefinition> | undefined> {
  const row = await db.selectFrom("parameter").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toDefinition(row) : undefined;
}

/** A parameter of the board's own as the Parameters screen saves it (`parameterFormSchema`'s output). */
export interface ParameterWrite {
  name: string;
  characteristicName: string;
  unitCode: string;
  unitLabel: string;
  depthProfile: boolean;
  minValue: number;
  maxValue: number;
}

/** Why a parameter write was refused: a built-in one, a name or characteristic already in the catalogue, results. */
export class ParameterRefused extends Error {
  readonly reason: "builtin" | "name taken" | "has results";
  constructor(reason: "builtin" | "name taken" | "has results", message: string) {
    super(message);
    this.reason = reason;
    this.name = "ParameterRefused";
  }
}

/** The id a parameter's name makes: lower-case letters and digits joined by dashes ("Total nitrogen" → "total-nitrogen"). */
export function parameterIdOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-")
    .slice(0, 40);
  return slug || "parameter";
}

async function refuseDuplicate(trx: Database, input: ParameterWrite, exceptId: string | null): Promise<void> {
  const others = (await trx.selectFrom("parameter").select(["id", "name", "characteristicName"]).execute()).filter((p) => p.id !== exceptId);
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const byName = others.find((p) => same(p.name, input.name));
  if (byName) throw new ParameterRefused("name taken", `The catalogue already has ${byName.name}`);
  const byCharacteristic = others.find((p) => same(p.characteristicName, input.characteristicName));
  if (byCharacteristic) throw new ParameterRefused("name taken", `${byCharacteristic.name} already has the characteristic name ${byCharacteristic.characteristicName}`);
}

function columnsOf(input: ParameterWrite) {
  return {
    name: input.name,
    characteristicName: input.characteristicName,
    unitCode: input.unitCode,
    unitLabel: input.unitLabel,
    // The unit as labs may write it: its code and its label (compared by `unitMatches`).
    unitAliases: JSON.stringify([...new Set([input.unitCode.toLowerCase(), input.unitLabel.toLowerCase()])]),
    depthProfile: input.depthProfile ? 1 : 0,
    minValue: input.minValue,
    maxValue: input.maxValue,
  };
}

/**
 * Adds a parameter of the board's own at the end of the catalogue, its id made from its name (`parameterIdOf`, with
 * "-2", … while taken).
 * @throws ParameterRefused("name taken") when a parameter has the same name or WQX characteristic name
 */
export async function addParameter(db: Database, input: ParameterWrite): Promise<ReturnType<typeof toDefinition>> {
  return writeAndSignal(db, "measurements", async (trx) => {
    await refuseDuplicate(trx, input, null);
    const base = parameterIdOf(input.name);
    let id = base;
    for (let n = 2; await trx.selectFrom("parameter").select("id").where("id", "=", id).executeTakeFirst(); n++) id = `${base}-${n}`;
    const last = await trx.selectFrom("parameter").select((eb) => eb.fn.max("position").as("max")).executeTakeFirst();
    const row = { id, ...columnsOf(input), builtin: 0, position: Number(last?.max ?? -1) + 1 };
    await trx.insertInto("parameter").values(row).execute();
    return toDefinition(row);
  });
}

/**
 * Changes a parameter of the board's own.
 * @returns false when no parameter has that id
 * @throws ParameterRefused("builtin") for a built-in parameter; ("name taken") as `addParameter`
 */
export async function updateParameter(db: Database, id: string, input: ParameterWrite): Promise<boolean> {
  return writeAndSignal(db, "measurements", async (trx) => {
    const row = await trx.selectFrom("parameter").select(["builtin"]).where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    if (row.builtin === 1) throw new ParameterRefused("builtin", "The catalogue's own parameters cannot be changed");
    await refuseDuplicate(trx, input, id);
    await trx.updateTable("parameter").set(columnsOf(input)).where("id", "=", id).execute();
    return true;
  });
}

/**
 * Removes a parameter of the board's own that has no results.
 * @returns false when no parameter has that id
 * @throws ParameterRefused("builtin") for a built-in one, ("has results") while results of it are stored
 */
export async function removeParameter(db: Database, id: string): Promise<boolean> {
  return writeAndSignal(db, "measurements", async (trx) => {
    const row = await trx.selectFrom("parameter").select(["builtin"]).where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    if (row.builtin === 1) throw new ParameterRefused("builtin", "The catalogue's own parameters cannot be removed");
    const results = await trx.selectFrom("measurement").select((eb) => eb.fn.countAll<number>().as("n")).where("parameterId", "=", id).executeTakeFirstOrThrow();
    if (Number(results.n) > 0) throw new ParameterRefused("has results", `It has ${Number(results.n)} results: delete them first`);
    await trx.deleteFrom("parameter").where("id", "=", id).execute();
    return true;
  });
}

/** The orders of the Parameters screen: the catalogue's own (position), the only one. */
export const PARAMETER_SORTS = ["order"] as const;
export type ParameterSort = (typeof PARAMETER_SORTS)[number];

/** One page of the Parameters screen (the whole catalogue in order; a search looks in the names and unit). */
export async function pageParameters(db: Database, query: ListQuery<ParameterSort>): Promise<Page<ReturnType<typeof toDefinition>, ParameterSort>> {
  const all = await listParameters(db);
  return paginateRows(query.q ? all.filter((p) => textsContain([p.name, p.characteristicName, p.unitCode, p.unitLabel], query.q!)) : all, query);
}

/** The ids of the parameters that have results, at most `limit` of them (the Measurements table's columns). */
export async function parametersInUse(db: Database, limit = 2): Promise<string[]> {
  const rows = await db.selectFrom("measurement").select("parameterId").distinct().orderBy("parameterId").limit(limit).execute();
  return rows.map((r) => r.parameterId);
}
