/**
 * The lab file mapping as data from outside (a remembered row, the mapping form): checked with zod before the
 * importer uses it. Pure.
 */
import { z } from "zod";
import { LAB_FIELDS, LAB_SHAPES, type LabField, type LabMapping } from "./columns.ts";

const name = z.string().min(1).max(500);

/** A mapping as JSON (`LabMapping`). */
export const labMappingSchema = z.object({
  shape: z.enum(LAB_SHAPES),
  columns: z.partialRecord(z.enum(LAB_FIELDS), name),
  parameterId: z.string().max(100),
  siteId: z.string().max(100),
  ignore: z.array(name).max(1000),
});

/** A mapping from JSON, or undefined when it is not one. */
export function readLabMapping(value: unknown): LabMapping | undefined {
  const parsed = labMappingSchema.safeParse(value);
  return parsed.success ? (parsed.data as LabMapping) : undefined;
}

/** The form field of each field's column ("column-date", …), and of the shape, parameter and site. */
export const columnFieldName = (field: LabField) => `column-${field}`;

/**
 * The mapping the form sends: `shape`, `column-<field>` (a header name, "" for none), `parameterId`, `siteId`,
 * `ignore` (header names, several). Unknown shapes fall back to "long".
 */
export function mappingFromForm(fields: Record<string, string>, ignore: readonly string[]): LabMapping {
  const shape = (LAB_SHAPES as readonly string[]).includes(fields.shape ?? "") ? (fields.shape as LabMapping["shape"]) : "long";
  const columns: LabMapping["columns"] = {};
  for (const field of LAB_FIELDS) {
    const value = fields[columnFieldName(field)] ?? "";
    if (value !== "") columns[field] = value;
  }
  return { shape, columns, parameterId: fields.parameterId ?? "", siteId: fields.siteId ?? "", ignore: [...ignore] };
}
