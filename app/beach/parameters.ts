/**
 * The catalogue of what a lake association measures (issue 27): each parameter with its Water Quality Exchange
 * (WQX) characteristic name and measure unit code, as the Water Quality Portal writes them
 * (https://www.waterqualitydata.us/ and the WQX domain lists "Characteristic" and "MeasureUnit",
 * https://cdx.epa.gov/wqx/download/DomainValues/), and the unit as people read it. Pure: shared by the server,
 * the importer and the browser.
 *
 * The built-in parameters are rows of the `parameter` table (migration 0015) with these ids; the board can add its
 * own. A parameter's `unitCode` is the one unit its results are stored in: a lab file in another unit is refused,
 * never converted (`unitMatches`).
 */

/** A parameter as the catalogue and the `parameter` table describe it. */
export interface ParameterDefinition {
  /** Stable id: "ecoli", "secchi", … (a board's own: a slug of its name). */
  id: string;
  /** As residents read it: "E. coli", "Secchi depth". */
  name: string;
  /** WQX CharacteristicName: "Escherichia coli", "Depth, Secchi disk depth". */
  characteristicName: string;
  /** WQX ResultMeasure/MeasureUnitCode: "cfu/100ml", "m", "ug/L". */
  unitCode: string;
  /** The unit as every text people read writes it: "CFU per 100 mL", "m", "µg/L". */
  unitLabel: string;
  /** Other ways labs write the same unit (compared case- and space-insensitively): "MPN/100ML", "#/100mL". */
  unitAliases: readonly string[];
  /** Whether a result has a sample depth in metres (temperature and oxygen profiles). */
  depthProfile: boolean;
  /** The largest value taken as a result: more is a typing or unit mistake. */
  maxValue: number;
  /** The smallest value (water temperature can be just below 0 °C under ice; counts and concentrations not). */
  minValue: number;
}

/** The id of E. coli, the parameter every reading of an install before issue 27 is (migration 0015). */
export const E_COLI = "ecoli";

/** How labs write a count per 100 mL: CFU (membrane filtration) or MPN (Colilert, Enterolert), reported alike. */
const COUNT_UNITS = ["cfu/100ml", "cfu/100 ml", "mpn/100ml", "mpn/100 ml", "#/100ml", "per 100ml", "count/100ml", "cfu", "mpn"];
/** How labs write µg/L (parts per billion in water). */
const MICROGRAMS_PER_LITRE = ["ug/l", "µg/l", "μg/l", "ppb"];

/**
 * The built-in parameters, in the order screens list them. Units: E. coli and enterococci are counted as CFU (or,
 * by Colilert/Enterolert, MPN) per 100 mL, which labs report as the same count; cyanotoxins in µg/L (EPA 2019
 * recommended values, EPA 822-R-19-001); cell density in cells/mL (WHO 2021 alert levels); Secchi depth in metres;
 * temperature in °C; dissolved oxygen in mg/L at a depth; total phosphorus and chlorophyll-a in µg/L (Carlson 1977's
 * units for the Trophic State Index).
 */
export const BUILTIN_PARAMETERS: readonly ParameterDefinition[] = [
  {
    id: E_COLI,
    name: "E. coli",
    characteristicName: "Escherichia coli",
    unitCode: "cfu/100ml",
    unitLabel: "CFU per 100 mL",
    unitAliases: COUNT_UNITS,
    depthProfile: false,
    maxValue: 1_000_000,
    minValue: 0,
  },
  {
    id: "enterococci",
    name: "Enterococci",
    characteristicName: "Enterococcus",
    unitCode: "cfu/100ml",
    unitLabel: "CFU per 100 mL",
    unitAliases: COUNT_UNITS,
    depthProfile: false,
    maxValue: 1_000_000,
    minValue: 0,
  },
  {
    id: "microcystins",
    name: "Microcystins",
    characteristicName: "Microcystins",
    unitCode: "ug/L",
    unitLabel: "µg/L",
    unitAliases: MICROGRAMS_PER_LITRE,
    depthProfile: false,
    maxValue: 100_000,
    minValue: 0,
  },
  {
    id: "cylindrospermopsin",
    name: "Cylindrospermopsin",
    characteristicName: "Cylindrospermopsin",
    unitCode: "ug/L",
    unitLabel: "µg/L",
    unitAliases: MICROGRAMS_PER_LITRE,
    depthProfile: false,
    maxValue: 100_000,
    minValue: 0,
  },
  {
    id: "cyanobacteria",
    name: "Cyanobacteria cell density",
    characteristicName: "Cyanobacteria",
    unitCode: "cells/mL",
    unitLabel: "cells/mL",
    unitAliases: ["cells/ml", "cell/ml", "#/ml"],
    depthProfile: false,
    maxValue: 1_000_000_000,
    minValue: 0,
  },
  {
    id: "secchi",
    name: "Secchi depth",
    characteristicName: "Depth, Secchi disk depth",
    unitCode: "m",
    unitLabel: "m",
    unitAliases: ["m", "meters", "metres", "meter", "metre"],
    depthProfile: false,
    maxValue: 100,
    minValue: 0,
  },
  {
    id: "temperature",
    name: "Water temperature",
    characteristicName: "Temperature, water",
    unitCode: "deg C",
    unitLabel: "°C",
    unitAliases: ["deg c", "degc", "°c", "c", "celsius"],
    depthProfile: true,
    maxValue: 45,
    minValue: -2,
  },
  {
    id: "oxygen",
    name: "Dissolved oxygen",
    characteristicName: "Dissolved oxygen (DO)",
    unitCode: "mg/L",
    unitLabel: "mg/L",
    unitAliases: ["mg/l", "ppm"],
    depthProfile: true,
    maxValue: 30,
    minValue: 0,
  },
  {
    id: "phosphorus",
    name: "Total phosphorus",
    characteristicName: "Phosphorus",
    unitCode: "ug/L",
    unitLabel: "µg/L",
    unitAliases: MICROGRAMS_PER_LITRE,
    depthProfile: false,
    maxValue: 100_000,
    minValue: 0,
  },
  {
    id: "chlorophyll",
    name: "Chlorophyll-a",
    characteristicName: "Chlorophyll a",
    unitCode: "ug/L",
    unitLabel: "µg/L",
    unitAliases: ["ug/l", "µg/l", "μg/l", "mg/m3", "mg/m³", "ppb"],
    depthProfile: false,
    maxValue: 10_000,
    minValue: 0,
  },
];

/** A unit as compared: lower case, without spaces, µ and μ as "u". */
export function normalizeUnit(unit: string): string {
  return unit.trim().toLowerCase().replace(/\s+/g, "").replace(/[µμ]/g, "u");
}

/**
 * Whether a lab's unit text is the parameter's unit (its code, its label or an alias), compared case- and
 * space-insensitively. An empty unit matches: a file without a unit column is read in the parameter's unit.
 */
export function unitMatches(parameter: Pick<ParameterDefinition, "unitCode" | "unitLabel" | "unitAliases">, unit: string): boolean {
  const wanted = normalizeUnit(unit);
  if (wanted === "") return true;
  return [parameter.unitCode, parameter.unitLabel, ...parameter.unitAliases].some((u) => normalizeUnit(u) === wanted);
}
