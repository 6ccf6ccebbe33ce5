import { data, redirect } from "react-router";
import type { Route } from "./+types/parameters";
import type { Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { formFields, type FormResult } from "#app/platform/text/forms.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { parameterFormSchema, type ParameterInput } from "#app/beach/site-forms.ts";
import {
  addParameter,
  getParameter,
  pageParameters,
  PARAMETER_SORTS,
  ParameterRefused,
  removeParameter,
  updateParameter,
  type ParameterSort,
} from "#app/beach/data/parameters.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("parameters");
const BASE = "/admin/parameters";

export function meta() {
  return screenMeta(SCREEN);
}

type Definition = NonNullable<Awaited<ReturnType<typeof getParameter>>>;
type ParameterValues = Record<"name" | "characteristicName" | "unitCode" | "unitLabel" | "depthProfile" | "minValue" | "maxValue", string>;

const parameters: ListScreen<Definition, ParameterInput, ParameterSort, ParameterValues> = {
  base: BASE,
  noun: "parameter",
  model: {
    sorts: PARAMETER_SORTS,
    page: pageParameters,
    get: getParameter,
    create: ({ db }, input) => addParameter(db, input),
    update: (db, id, input) => updateParameter(db, id, input),
    remove: ({ db }, id) => removeParameter(db, id),
  },
  schema: () => parameterFormSchema,
  blank: () => ({ name: "", characteristicName: "", unitCode: "", unitLabel: "", depthProfile: "", minValue: "0", maxValue: "" }),
  toForm: (p) => ({
    name: p.name,
    characteristicName: p.characteristicName,
    unitCode: p.unitCode,
    unitLabel: p.unitLabel,
    depthProfile: p.depthProfile ? "on" : "",
    minValue: String(p.minValue),
    maxValue: String(p.maxValue),
  }),
  messages: { delete: "Failed to delete the parameter. Please try again.", save: "Failed to save the parameter. Please try again." },
};

export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadList(args, parameters, (p) => ({
    id: p.id,
    title: p.name,
    characteristicName: p.characteristicName,
    unit: p.unitLabel,
    unitCode: p.unitCode,
    depthProfile: p.depthProfile,
    range: `${formatNumber(p.minValue, 2)} to ${formatNumber(p.maxValue, 2)}`,
    builtin: p.builtin,
  }));
  // The catalogue's own parameters are not the board's to change: their forms are not opened, and the screen says why.
  const edited = loaded.editing?.id ? await getParameter(adminRequest(args).services.db, loaded.editing.id) : undefined;
  const refused = edited?.builtin ? `${edited.name} is one of the catalogue's own parameters: it cannot be changed.` : loaded.deleting?.builtin ? `${loaded.deleting.title} is one of the catalogue's own parameters: it cannot be removed.` : null;
  return { ...loaded, editing: edited?.builtin ? null : loaded.editing, deleting: loaded.deleting?.builtin ? null : loaded.deleting, refused };
}

export async function action(args: Route.ActionArgs) {
  adminRequest(args);
  const fields = formFields(await args.request.formData());
  try {
    // A refused delete says why (a built-in parameter, or one with results) rather than the general failure.
    if (fields.intent === "delete" && fields.id) {
      if (!(await removeParameter(adminRequest(args).services.db, fields.id))) return data<FormResult>({ formError: parameters.messages.delete }, { status: 400 });
      return redirect(BASE);
    }
    return await listAction(args, parameters, fields);
  } catch (error) {
    if (!(error instanceof ParameterRefused)) throw error;
    if (fields.intent === "delete" || error.reason === "builtin") return data<FormResult>({ formError: `${error.message}.` }, { status: 400 });
    return data<FormResult>({ fieldErrors: { name: error.message }, values: fields }, { status: 400 });
  }
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, ParameterSort>[] = [
  { header: "Parameter", cell: (p) => (p.depthProfile ? `${p.title} (by depth)` : p.title) },
  { header: "WQX name and unit code", cell: (p) => `${p.characteristicName}, ${p.unitCode}` },
  { header: "Unit", cell: (p) => p.unit },
  { header: "Range", cell: (p) => p.range },
];

const FIELDS: FieldSpec[] = [
  { name: "name", label: "Name", placeholder: "Turbidity", hint: "As residents read it." },
  {
    name: "characteristicName",
    label: "WQX characteristic name",
    placeholder: "Turbidity",
    hint: "Exactly as the Water Quality Exchange names it (its Characteristic domain list at cdx.epa.gov/wqx): open data and the Water Quality Portal use it.",
  },
  { name: "unitCode", label: "WQX unit code", placeholder: "NTU", hint: "As WQX writes the unit (its MeasureUnit list): NTU, mg/L, ug/L, deg C, …; a lab file in another unit is refused." },
  { name: "unitLabel", label: "Unit as people read it", placeholder: "NTU" },
  {
    name: "depthProfile",
    label: "Sample depth",
    options: [
      { value: "", label: "No: one result per sample" },
      { value: "on", label: "Yes: results are taken at depths (a profile)" },
    ],
  },
  { name: "minValue", label: "Smallest value", inputMode: "decimal" },
  { name: "maxValue", label: "Largest value", inputMode: "decimal", hint: "A result outside the range is taken as a typing or unit mistake and refused." },
];

export default function AdminParameters({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ListScreenView
        heading={SCREEN.heading}
        base={BASE}
        {...loaderData}
        result={actionData ?? (loaderData.refused ? { formError: loaderData.refused } : undefined)}
        columns={COLUMNS}
        fields={FIELDS}
        empty=""
        noun="Parameter"
        plural="parameters"
        editable={(p) => !p.builtin}
        locked="Built in"
      />
      <p className="muted">The catalogue's own parameters ("Built in") cannot be changed or removed; a parameter of the board's own can be changed, and removed while it has no results.</p>
    </>
  );
}
