/**
 * Counts in words for the admin screens. Kept apart from `format.ts`, which is in the public pages' shared chunk
 * (vite.config.ts): what only the admin uses stays out of a resident's first load.
 */
/** A count with its noun in the right number: `counted(1, "reading", "readings")` is "1 reading", 4 gives "4 readings". */
export function counted(count: number | string | undefined, one: string, many: string): string {
  return `${count ?? 0} ${Number(count ?? 0) === 1 ? one : many}`;
}
