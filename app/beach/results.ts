/**
 * A lab result as labs write it (issue 27): a number, or a number with a qualifier at the method's limits
 * (">2419.6" above Colilert's upper limit, "<10" below the detection limit), or "not detected". Pure.
 *
 * The qualifiers follow the Water Quality Exchange's ResultDetectionConditionText
 * (https://cdx.epa.gov/wqx/download/DomainValues/ResultDetectionCondition.CSV): ">" is "Present Above Quantification
 * Limit", "<" is "Present Below Quantification Limit", "ND" is "Not Detected".
 */

/** How a result's value is qualified: "" a plain value, "<" below it, ">" above it, "ND" not detected. */
export type Qualifier = "" | "<" | ">" | "ND";
export const QUALIFIERS = ["", "<", ">", "ND"] as const satisfies readonly Qualifier[];

/** WQX ResultDetectionConditionText of each qualifier ("" has none). */
export const DETECTION_CONDITION: Record<Qualifier, string> = {
  "": "",
  "<": "Present Below Quantification Limit",
  ">": "Present Above Quantification Limit",
  ND: "Not Detected",
};

/** A result as read: the value stored (for ND, the detection limit or 0), its qualifier and detection limit. */
export interface ResultValue {
  value: number;
  qualifier: Qualifier;
  /** The method's limit the qualifier refers to, in the parameter's unit; null when not given. */
  detectionLimit: number | null;
}

/** Why a result's text was refused. */
export type ResultProblem = "empty" | "negative" | "not decimal";

const DECIMAL = /^(\d+(\.\d+)?|\.\d+)$/;
const NOT_DETECTED = /^(nd|n\.d\.|not detected|non-?detect|bdl|below detection( limit)?)$/i;

/**
 * Reads a result's text: "12", "12.5", ".5", ">2419.6", "<10", "< 10", "ND", "not detected" (white space and a
 * thousands separator in a plain number like "2,419.6" ignored). No sign, exponent or hexadecimal.
 * @returns the value and qualifier (`<10` is value 10, qualifier "<", detection limit 10; `>2419.6` is value 2419.6,
 *   qualifier ">", detection limit 2419.6; "ND" is value 0, qualifier "ND", no limit), or the problem
 */
export function readResultText(text: string): ResultValue | { problem: ResultProblem } {
  const trimmed = text.trim();
  if (trimmed === "") return { problem: "empty" };
  if (NOT_DETECTED.test(trimmed)) return { value: 0, qualifier: "ND", detectionLimit: null };
  const qualified = /^([<>])\s*(.*)$/.exec(trimmed);
  const qualifier: Qualifier = qualified ? (qualified[1] as "<" | ">") : "";
  const number = (qualified ? qualified[2]! : trimmed).replace(/(\d),(\d{3})(?=\D|$)/g, "$1$2");
  if (number.startsWith("-") && DECIMAL.test(number.slice(1))) return { problem: "negative" };
  if (!DECIMAL.test(number)) return { problem: "not decimal" };
  const value = Number(number);
  return { value, qualifier, detectionLimit: qualifier === "" ? null : value };
}

/**
 * A result as people read it: ">2419.6", "<10", "not detected (<0.3)", "12.5" (the number written by `format`).
 */
export function resultText(result: Pick<ResultValue, "value" | "qualifier" | "detectionLimit">, format: (n: number) => string = String): string {
  if (result.qualifier === "ND") return result.detectionLimit === null ? "not detected" : `not detected (<${format(result.detectionLimit)})`;
  return `${result.qualifier}${format(result.value)}`;
}

/**
 * The value a status rule compares, the cautious reading (issue 27): ">2419.6" counts as 2419.6 (at least that
 * much); "<10" counts as 10 for a threshold of 10 or less, and as below any threshold above 10; "not detected"
 * counts as below every threshold, unless its detection limit is at or above the threshold.
 * @returns whether the result is at or above `threshold`
 */
export function reachesThreshold(result: Pick<ResultValue, "value" | "qualifier" | "detectionLimit">, threshold: number): boolean {
  if (result.qualifier === "<") return result.value > threshold;
  if (result.qualifier === "ND") return result.detectionLimit !== null && result.detectionLimit > threshold;
  return result.value >= threshold;
}

/**
 * Whether the result is above `threshold` (strictly), the cautious reading as `reachesThreshold`: "<10" is above
 * nothing of 10 or more, ">1000" is not above 1000 but ">1000.1" is.
 */
export function exceedsThreshold(result: Pick<ResultValue, "value" | "qualifier" | "detectionLimit">, threshold: number): boolean {
  if (result.qualifier === "<") return result.value > threshold;
  if (result.qualifier === "ND") return result.detectionLimit !== null && result.detectionLimit > threshold;
  return result.value > threshold;
}
