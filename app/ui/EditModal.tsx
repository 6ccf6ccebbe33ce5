import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Modal } from "./Modal.tsx";

/** How a form is sent: url-encoded (the default) or multipart (with files). */
export type FormEncType = "application/x-www-form-urlencoded" | "multipart/form-data";

/**
 * The add/edit form of a list screen, in a modal whose state is in the URL: the record's `id` (none for a new one)
 * goes with the fields, the submit button says what it does, Cancel returns to the list where it was.
 */
export function EditModal(props: { title: string; closeTo: string; id: string | null; submitLabel: string; encType?: FormEncType; children: ReactNode }) {
  return (
    <Modal title={props.title} closeTo={props.closeTo}>
      <ModalForm id={props.id} intent="save" submitLabel={props.submitLabel} closeTo={props.closeTo} encType={props.encType}>
        {props.children}
      </ModalForm>
    </Modal>
  );
}

/**
 * The form inside a modal: the record's `id` (none for a new one), the fields, then the submit button (posting
 * `intent`) and Cancel, which returns to `closeTo`. While the form is sent the button is disabled and says
 * `busyLabel`, if given. A form with a file input says `encType="multipart/form-data"`.
 */
export function ModalForm(props: { id: string | null; intent: string; submitLabel: string; busyLabel?: string; danger?: boolean; closeTo: string; encType?: FormEncType; children: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="stack" key={props.id ?? "new"} encType={props.encType}>
      {props.id && <input type="hidden" name="id" value={props.id} />}
      {props.children}
      <div className="button-row">
        <button type="submit" name="intent" value={props.intent} className={props.danger ? "button danger" : "button"} disabled={busy}>
          {busy && props.busyLabel ? props.busyLabel : props.submitLabel}
        </button>
        <Link className="button secondary" to={props.closeTo} preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** A list screen's heading with its add link ("Add Post"), which opens the edit modal of a new record. */
export function ListHead({ heading, addLabel, addTo }: { heading: string; addLabel?: string; addTo?: string }) {
  return (
    <div className="admin-head">
      <h1>{heading}</h1>
      {addLabel && addTo && (
        <Link className="button" to={addTo} preventScrollReset>
          {addLabel}
        </Link>
      )}
    </div>
  );
}
