/**
 * The parameter catalogue's rows (issue 27, migration 0015): the built-in parameters of app/beach/parameters.ts and
 * those the board added, in the board's order.
 */
import type { Parameter } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import type { ParameterDefinition } from "#app/beach/parameters.ts";

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
