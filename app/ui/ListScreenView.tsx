import { AdminList, type Column } from "./AdminList.tsx";
import { BulkDeleteConfirm, ConfirmModal } from "./ConfirmModal.tsx";
import type { ReactNode } from "react";
import { EditModal, ListHead, type FormEncType } from "./EditModal.tsx";
import { FormAlert, FormField, formFieldsOf, type FormFieldProps } from "./FormField.tsx";
import { MarkdownField } from "./MarkdownField.tsx";
import type { FieldLimits, FormResult } from "#app/platform/text/forms.ts";
import { listHref, type BulkDeleteAsk, type Page } from "#app/platform/http/list-query.ts";

/** What a list screen's page shows, from its loader (`loadList`) and action (`listAction`). */
export interface ListScreenViewProps<Row extends { id: string; title: string }, S extends string> {
  heading: string;
  base: string;
  list: Page<Row, S>;
  here: string;
  editing: { id: string | null; values: Record<string, string> } | null;
  deleting: Row | null;
  limits: Record<string, FieldLimits>;
  result: (FormResult & BulkDeleteAsk) | undefined;
  /** Rows can be selected and deleted together (the screen's model has `removeMany`; from `loadList`). */
  selectable?: boolean;
  columns: readonly Column<Row, S>[];
  empty: string;
  /** "Post": the add button says "Add Post", the modal "Add a New Post" / "Edit Post", the delete "Delete this post?". */
  noun: string;
  plural: string;
  /** The edit form's fields, in order: what each `FormField` needs besides the form's limits, result and values. */
  fields: readonly FieldSpec[];
  /** The list is in the board's own order, with Move up and Move down on each row. */
  movable?: boolean;
  /** The edit form's encoding: "multipart/form-data" when `extraFields` hold a file input. */
  encType?: FormEncType;
  /** Fields of the edit form beyond `fields` (a picture), shown after them. */
  extraFields?: ReactNode;
  /** Whether a row can be edited and deleted (default: every row); one that cannot shows `locked` instead. */
  editable?: (row: Row) => boolean;
  locked?: string;
  /** What the delete confirmation says of `row`, when more than that it will be deleted (what goes with it). */
  deleteMessage?: (row: Row) => ReactNode;
}

/**
 * One field of an edit form, as a screen declares it: what its `FormField` takes, or with `type: "markdown"` a long
 * text the public pages show formatted, edited in a `MarkdownField` (textarea, Markdown hint and, after hydration, the
 * formatting toolbar; 8 rows unless `rows` says otherwise).
 */
export type FieldSpec = Pick<FormFieldProps, "name" | "label" | "rows" | "placeholder" | "hint" | "options" | "inputMode"> & {
  /** "checkbox": a box sent as "on" when ticked (its value in the form's values is "on" or ""). */
  type?: FormFieldProps["type"] | "markdown" | "checkbox";
  /** @deprecated Write `type: "markdown"`; kept so screens written against the first version still build. */
  markdown?: boolean;
};

/** The field a spec asks for, with the props every field of the form shares. */
function SpecField({ spec: { type, markdown, ...spec }, shared }: { spec: FieldSpec; shared: Omit<FormFieldProps, "label"> }) {
  if (type === "checkbox") return <CheckboxField {...spec} {...shared} />;
  return type === "markdown" || markdown ? <MarkdownField {...spec} {...shared} /> : <FormField {...spec} type={type} {...shared} />;
}

/**
 * A checkbox with its label after it, its hint and its error tied to it; ticked as the refused submission had it,
 * else as the record has it ("on").
 */
function CheckboxField({ name, label, hint, result, defaultValue }: Pick<FormFieldProps, "name" | "label" | "hint" | "result" | "defaultValue">) {
  const error = result?.fieldErrors?.[name];
  const checked = (result?.values ? result.values[name] : defaultValue) === "on";
  const describedBy = [error ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="checkbox">
        <input type="checkbox" id={name} name={name} value="on" defaultChecked={checked} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
        <label htmlFor={name}>{label}</label>
      </div>
      {hint && (
        <p id={`${name}-hint`} className="muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A list screen of titled records (news posts, events): heading with its add link, the paged and sorted table with
 * Edit and Delete links, the edit modal around the screen's fields, and the delete confirmation.
 */
export function ListScreenView<Row extends { id: string; title: string }, S extends string>(props: ListScreenViewProps<Row, S>) {
  const { list, here, editing, deleting, result, noun } = props;
  const field = formFieldsOf(props.limits, result, editing?.values);
  const lower = noun.toLowerCase();
  return (
    <>
      <ListHead heading={props.heading} addLabel={`Add ${noun}`} addTo={listHref(props.base, list, { edit: "new" })} />
      {!editing && <FormAlert result={result} />}
      <AdminList
        list={list}
        base={props.base}
        columns={props.columns}
        empty={props.empty}
        rowName={(row) => row.title}
        movable={props.movable}
        actions={[
          { label: "Edit", param: "edit" },
          { label: "Delete", param: "delete" },
        ]}
        noun={[lower, props.plural]}
        selectable={props.selectable}
        actionsOn={props.editable}
        locked={props.locked}
        search={`Search ${props.plural}`}
      />
      <BulkDeleteConfirm result={result} noun={[lower, props.plural]} closeTo={here} />
      {editing && (
        <EditModal title={editing.id ? `Edit ${noun}` : `Add a New ${noun}`} closeTo={here} id={editing.id} submitLabel={editing.id ? "Save Changes" : `Add ${noun}`} encType={props.encType}>
          <FormAlert result={result} />
          {props.fields.map((spec) => (
            <SpecField key={spec.name} spec={spec} shared={field(spec.name)} />
          ))}
          {props.extraFields}
        </EditModal>
      )}
      {deleting && (
        <ConfirmModal title={`Delete this ${lower}?`} id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={here}>
          {props.deleteMessage ? props.deleteMessage(deleting) : <p>“{deleting.title || "(no title)"}” will be deleted from the site. This cannot be undone.</p>}
        </ConfirmModal>
      )}
    </>
  );
}
