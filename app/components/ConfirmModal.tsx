import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Modal } from "./Modal.tsx";

/**
 * Asks before a destructive action (spec §5: deletes ask for confirmation). Posts `intent` and `id` to the current
 * route's action when confirmed; Cancel goes back to `closeTo`.
 */
export function ConfirmModal(props: { title: string; children: ReactNode; id: string; intent: string; confirmLabel: string; closeTo: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Modal title={props.title} closeTo={props.closeTo}>
      <Form method="post" className="stack">
        <div>{props.children}</div>
        <input type="hidden" name="id" value={props.id} />
        <div className="button-row">
          <button type="submit" name="intent" value={props.intent} className="button danger" disabled={busy}>
            {busy ? "Working…" : props.confirmLabel}
          </button>
          <Link className="button secondary" to={props.closeTo} preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </Modal>
  );
}
