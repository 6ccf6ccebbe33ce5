/**
 * The admin screens of the board's ordered lists (board, FAQ, bylaws, businesses): a `ListScreen` over a `SiteList`,
 * in the board's own order with Move up and Move down, each row showing who changed it last and when.
 */
import type { z } from "zod";
import type { AdminArgs, ListScreen } from "./admin-screens.server.ts";
import { loadList } from "./admin-screens.server.ts";
import { getServices } from "./context.server.ts";
import { dateIn } from "#app/platform/text/dates.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { ORDER_SORTS, type OrderSort, type SiteItem, type SiteList } from "#app/site/data/site-content.server.ts";

/** What a row of an ordered list shows besides its own columns: its title and its last change. */
export interface OrderedRow {
  id: string;
  title: string;
  /** "YYYY-MM-DD" in the association's time zone, and who made the change. */
  changedOn: string;
  changedBy: string;
}

/**
 * The list screen of `list` at `base`: its edit form is `schema` (its output is the entry's data), `toForm` and
 * `blank` give the form's values, `noun` names an entry in the log and the messages.
 */
export function orderedListScreen<T, Values extends Record<string, string>>(options: {
  base: string;
  noun: string;
  /** The noun's plural when it is not the noun and "s" ("businesses"). */
  plural?: string;
  list: SiteList<T>;
  schema: z.ZodObject;
  toForm(data: T): Values;
  blank: Values;
}): ListScreen<SiteItem<T>, T, OrderSort, Values> {
  const { list } = options;
  return {
    base: options.base,
    noun: options.noun,
    model: {
      sorts: ORDER_SORTS,
      page: list.page,
      get: list.get,
      create: ({ db }, data, by) => list.create(db, data, by.name),
      update: (db, id, data, by) => list.update(db, id, data, by.name),
      remove: ({ db }, id) => list.remove(db, id),
      removeMany: async ({ db }, ids) => (await list.removeMany(db, ids)).length,
      move: list.move,
    },
    schema: () => options.schema,
    blank: () => options.blank,
    toForm: (item) => options.toForm(item.data),
    messages: { delete: `Failed to delete the ${options.noun}. Please try again.`, save: `Failed to save the ${options.noun}. Please try again.` },
    plural: [options.noun, options.plural ?? `${options.noun}s`],
  };
}

/** The loader of an ordered list screen: `show` picks the row's title and any other columns from the entry. */
export async function loadOrderedList<T, Values extends Record<string, string>, Extra extends object>(
  args: AdminArgs,
  screen: ListScreen<SiteItem<T>, T, OrderSort, Values>,
  show: (data: T) => { title: string } & Extra,
) {
  // The day of the last change in the association's time zone, as Settings shows its times (issue 26).
  const timeZone = await getTimeZone(getServices(args.context).db);
  return loadList(args, screen, (item): OrderedRow & Extra => ({
    id: item.id,
    ...show(item.data),
    changedOn: dateIn(timeZone, item.updatedAt),
    changedBy: item.updatedBy,
  }));
}
