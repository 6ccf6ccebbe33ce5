/**
 * What admin loaders and actions share: the signed-in administrator and their name as an author, the list's place
 * (page, order), the record being edited or about to be deleted (one row by id, never the whole table), and the
 * save and delete-with-confirmation steps with the messages of spec §8. A screen module states its model, schema and
 * messages and leaves the steps to these.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getServices, requireAdmin, type SignedInUser } from "./context.server.ts";
import { formFields, formLimits, parseForm, type FieldLimits, type FormResult } from "#app/platform/text/forms.ts";
import { BULK_INTENTS, cleanIds, DELETED_PARAM, listHref, MAX_BULK_IDS, readListQuery, selectedIds, type BulkDeleteAsk, type ListQuery, type Page } from "#app/platform/http/list-query.ts";
import type { Services } from "./services.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";

/** The name an administrator's writes are signed with when the author field is left empty (spec §5). */
export function authorOf(user: SignedInUser): string {
  return user.email || "Anonymous";
}

/**
 * The name shown as the author of what a person writes on the site (news posts, events; issue 26): their display
 * name, or "" when they have none yet or it is their email address (accounts made before display names were named
 * by their address), where the association's name stands in (`publicAuthor`).
 */
export function displayNameOf(user: SignedInUser): string {
  const name = (user.name ?? "").trim();
  return /^[^\s@]+@[^\s@]+$/.test(name) ? "" : name;
}

/** A loader's or action's arguments, as far as these helpers need them. */
export interface AdminArgs {
  context: Readonly<RouterContextProvider>;
  request: Request;
}

/** The administrator and the services, for an admin loader or action. @throws a redirect to /login for a guest */
export function adminRequest({ context, request }: AdminArgs): { user: SignedInUser; services: Services; url: URL } {
  return { user: requireAdmin(context, request), services: getServices(context), url: new URL(request.url) };
}

/**
 * A list screen's model: paging, one row by id, and the writes. The writes are given who makes them: the
 * administrator's id and the name a change is recorded with (`authorOf`). A list in the board's own order has `move`.
 * Every function may throw; the steps below turn a failure into the screen's message.
 */
export interface ListModel<Row extends { id: string }, Input, S extends string> {
  sorts: readonly [S, ...S[]];
  page(db: Services["db"], query: ListQuery<S>): Promise<Page<Row, S>>;
  get(db: Services["db"], id: string): Promise<Row | undefined>;
  /** Saves a new record; given the services, so that it may also announce it (news and events mail their lists). */
  create?(services: Services, input: Input, by: Writer): Promise<unknown>;
  /** Changes a record; given the services too, so that it may also announce it (a draft published with its mail). */
  update?(db: Services["db"], id: string, input: Input, by: Writer, services: Services): Promise<boolean>;
  remove(services: Services, id: string): Promise<boolean>;
  /**
   * Removes many rows in one transaction with one change signal ("Delete selected"); ids of rows gone are skipped.
   * A screen without it offers no selection. @returns how many were removed
   */
  removeMany?(services: Services, ids: readonly string[]): Promise<number>;
  /** Moves a row one place up or down in the list's order; false when it is gone. */
  move?(db: Services["db"], id: string, direction: "up" | "down", by: string): Promise<boolean>;
}

/** Who makes a write: the administrator's user id and the name the change is recorded with. */
export interface Writer {
  userId: string;
  name: string;
  /** The administrator's sign-in address (recorded as who queued a mail). */
  email: string;
}

/** A list screen: where it lives, what it edits, and what it says when a write fails (spec §8). */
export interface ListScreen<Row extends { id: string }, Input, S extends string, Values extends Record<string, string>> {
  /** "/admin/news" */
  base: string;
  /** What the log calls a record: "news post". */
  noun: string;
  model: ListModel<Row, Input, S>;
  /**
   * The edit form's schema, for the signed-in administrator and the association's calendar date (defaults such as
   * today's date and the author).
   */
  schema?(user: SignedInUser, today: string): z.ZodObject;
  /** The edit form of a new record. */
  blank?(user: SignedInUser, today: string): Values;
  /** The edit form of an existing record. */
  toForm?(row: Row): Values;
  messages: { delete: string; save?: string };
  /** What "Delete selected" calls the rows: ["post", "posts"] ("Delete 3 posts?"). */
  plural?: NounPair;
}

/** What a list screen's loader gives its component. */
export interface ListData<Row, S extends string, Values> {
  list: Page<Row, S>;
  /** The list's address at this page and order (where a modal closes to). */
  here: string;
  /** The record in the edit modal (`?edit=new` or `?edit=ID`), with the form's values; null when closed. */
  editing: { id: string | null; values: Values } | null;
  /** The record in the delete confirmation (`?delete=ID`), read by id; null when closed or gone. */
  deleting: Row | null;
  /** The edit form's input limits, from its schema. */
  limits: Record<string, FieldLimits>;
  /** Rows can be selected and deleted together (the model has `removeMany`). */
  selectable: boolean;
}

/**
 * The loader of a list screen: one page of rows in the order asked for, plus the record being edited or deleted.
 * `project` trims a row to what the list shows (the page's data is sent to the browser).
 */
export async function loadList<Row extends { id: string }, Input, S extends string, Values extends Record<string, string>, Shown>(
  args: AdminArgs,
  screen: ListScreen<Row, Input, S, Values>,
  project: (row: Row) => Shown,
): Promise<ListData<Shown, S, Values>> {
  const { user, services, url } = adminRequest(args);
  const { db } = services;
  const query = readListQuery(url, screen.model.sorts);
  // "Today" (for a new record's date and the schema's defaults) only for screens with an edit form.
  const today = screen.schema || screen.blank ? todayIn(await getTimeZone(db)) : "";
  const list = await screen.model.page(db, query);
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  let editing: ListData<Shown, S, Values>["editing"] = null;
  if (editId === "new" && screen.blank) editing = { id: null, values: screen.blank(user, today) };
  else if (editId && screen.toForm) {
    const row = await screen.model.get(db, editId);
    if (row) editing = { id: row.id, values: screen.toForm(row) };
  }
  const deleting = deleteId ? ((await screen.model.get(db, deleteId)) ?? null) : null;
  return {
    list: { ...list, rows: list.rows.map(project) },
    here: listHref(screen.base, list),
    editing,
    deleting: deleting && project(deleting),
    limits: screen.schema ? formLimits(screen.schema(user, today)) : {},
    selectable: screen.model.removeMany !== undefined,
  };
}

/**
 * Deletes the record named by the form's `id` after its confirmation; answers the screen's failure message (400)
 * when it is gone or the database refuses, and logs why.
 */
export async function deleteConfirmed(services: Services, id: string | undefined, remove: (id: string) => Promise<boolean>, failure: string, redirectTo: string, noun: string) {
  try {
    if (!id || !(await remove(id))) throw new Error(`no such ${noun}`);
  } catch (error) {
    services.logger.warn({ err: error, id }, `${noun} delete failed`);
    return data<FormResult>({ formError: failure }, { status: 400 });
  }
  return redirect(redirectTo);
}

/** Where the list was when the form was posted: the page's address without its modal parameters. */
function returnTo(request: Request, screen: { base: string; model: { sorts: readonly [string, ...string[]] } }): string {
  const url = new URL(request.url);
  return listHref(screen.base, readListQuery(url, screen.model.sorts));
}

/**
 * The action of a list screen: `intent=delete` deletes (after its confirmation), `intent=up` and `intent=down` move
 * a row of an ordered list, anything else saves the edit form, creating a record without an `id` and updating the
 * one with it. A refused value goes back with every field as typed (400); a record deleted meanwhile gives the
 * screen's save message (404).
 * @param submitted the form's fields when the caller has read the body already (a multipart form with pictures,
 *   `readImageForm`); otherwise the body is read here
 */
export async function listAction<Row extends { id: string }, Input, S extends string, Values extends Record<string, string>>(
  args: AdminArgs,
  screen: ListScreen<Row, Input, S, Values>,
  submitted?: Record<string, string>,
) {
  const { user, services } = adminRequest(args);
  const fields = submitted ?? formFields(await args.request.formData());
  const back = returnTo(args.request, screen);
  const { removeMany } = screen.model;
  if (removeMany) {
    const noun = screen.plural ?? [screen.noun, `${screen.noun}s`];
    const bulk = await bulkDeleteStep(services, fields, { removeMany: (ids) => removeMany(services, ids), back, noun });
    if (bulk) return bulk;
  }
  if (fields.intent === "delete") {
    return deleteConfirmed(services, fields.id, (id) => screen.model.remove(services, id), screen.messages.delete, back, screen.noun);
  }
  if ((fields.intent === "up" || fields.intent === "down") && screen.model.move) {
    const moved = fields.id ? await screen.model.move(services.db, fields.id, fields.intent, authorOf(user)) : false;
    if (!moved) return data<FormResult>({ formError: screen.messages.save ?? "Failed to move. Please try again." }, { status: 404 });
    return redirect(back);
  }
  if (!screen.schema) return data<FormResult>({ formError: "Unknown action" }, { status: 400 });
  const parsed = parseForm(screen.schema(user, todayIn(await getTimeZone(services.db))), fields);
  if (!parsed.ok) return data<FormResult>(parsed.result, { status: 400 });
  const input = parsed.data as Input;
  if (fields.id) {
    if (!screen.model.update || !(await screen.model.update(services.db, fields.id, input, { userId: user.id, name: authorOf(user), email: user.email }, services))) {
      return data<FormResult>({ formError: screen.messages.save, values: fields }, { status: 404 });
    }
  } else if (screen.model.create) {
    await screen.model.create(services, input, { userId: user.id, name: authorOf(user), email: user.email });
  }
  return redirect(back);
}

/** How the bulk-delete steps speak of the rows: "reading", "readings". */
export type NounPair = readonly [singular: string, plural: string];

/**
 * The two steps of "Delete selected" (issue 26), for any list screen's action: `intent=delete-selected` with the
 * selection (`selectedIds`) answers the ids to confirm (the screen then shows "Delete 3 readings?"), and
 * `intent=delete-selected-confirmed` with `ids` deletes them all through `removeMany`, one transaction and one change
 * signal, then goes back to the list. Nothing selected, too many rows, or a database failure answer a message (400)
 * and log why. Returns null for any other intent, so the caller goes on with its own.
 * @param removeMany deletes the rows and says how many it deleted
 */
export async function bulkDeleteStep(
  services: Services,
  fields: Record<string, string>,
  options: { removeMany(ids: string[]): Promise<number>; back: string; noun: NounPair },
) {
  if (fields.intent !== BULK_INTENTS.ask && fields.intent !== BULK_INTENTS.confirm) return null;
  const ids = fields.intent === BULK_INTENTS.ask ? selectedIds(fields) : cleanIds((fields.ids ?? "").split(","));
  if (ids.length === 0) return data<FormResult & BulkDeleteAsk>({ formError: `Select the ${options.noun[1]} to delete first.` }, { status: 400 });
  if (ids.length > MAX_BULK_IDS) return data<FormResult & BulkDeleteAsk>({ formError: `Delete at most ${MAX_BULK_IDS} ${options.noun[1]} at a time.` }, { status: 400 });
  if (fields.intent === BULK_INTENTS.ask) return data<FormResult & BulkDeleteAsk>({ bulkDelete: { ids } });
  let deleted: number;
  try {
    deleted = await options.removeMany(ids);
    services.logger.info({ asked: ids.length, deleted }, `${options.noun[1]} deleted together`);
  } catch (error) {
    services.logger.warn({ err: error, ids }, `${options.noun[1]} delete failed`);
    return data<FormResult & BulkDeleteAsk>({ formError: `Failed to delete the ${options.noun[1]}. Please try again.` }, { status: 400 });
  }
  // The list says how many went ("3 readings deleted."); the parameter is not part of the list's place.
  const [path = options.back, search = ""] = options.back.split("?", 2);
  const params = new URLSearchParams(search);
  params.set(DELETED_PARAM, String(deleted));
  return redirect(`${path}?${params}`);
}
