/**
 * Counts in words for the admin screens. Kept apart from `format.ts`, which is in the public pages' shared chunk
 * (vite.config.ts): what only the admin uses stays out of a resident's first load.
 */
/** A count with its noun in the right number: `counted(1, "reading", "readings")` is "1 reading", 4 gives "4 readings". */
export function counted(count: number | string | undefined, one: string, many: string): string {
  return `${count ?? 0} ${Number(count ?? 0) === 1 ? one : many}`;
}

/**
 * Names in a sentence, as English writes a list: "North Beach", "North Beach and South Cove", "A, B and C" (no
 * serial comma; no Intl.ListFormat, decision 018). An empty list is "".
 */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
