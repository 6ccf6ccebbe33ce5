import type { ReactNode } from "react";
import { ModalForm } from "./EditModal.tsx";
import { Modal } from "./Modal.tsx";

/**
 * Asks before a destructive action (spec §5: deletes ask for confirmation). Posts `intent` and `id` to the current
 * route's action when confirmed; Cancel goes back to `closeTo`.
 */
export function ConfirmModal(props: { title: string; children: ReactNode; id: string; intent: string; confirmLabel: string; closeTo: string }) {
  return (
    <Modal title={props.title} closeTo={props.closeTo}>
      <ModalForm id={props.id} intent={props.intent} submitLabel={props.confirmLabel} busyLabel="Working…" danger closeTo={props.closeTo}>
        <div>{props.children}</div>
      </ModalForm>
    </Modal>
  );
}
