import type { ReactNode } from "react";
import { ModalForm } from "./EditModal.tsx";
import { Modal } from "./Modal.tsx";
import { BULK_INTENTS, type BulkDeleteAsk } from "#app/platform/http/list-query.ts";
import { counted } from "#app/platform/text/plural.ts";

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

/**
 * The second step of "Delete selected" (issue 26): "Delete 3 readings?", posting the ids with
 * `intent=delete-selected-confirmed`; Cancel goes back to `closeTo` with nothing deleted. Shown when the action
 * answered the selection (`bulkDeleteStep`); nothing otherwise.
 * @param noun how the rows are called, one and many: ["reading", "readings"]
 */
export function BulkDeleteConfirm({ result, noun, closeTo }: { result: unknown; noun: readonly [string, string]; closeTo: string }) {
  const ids = typeof result === "object" && result !== null && "bulkDelete" in result ? (result as BulkDeleteAsk).bulkDelete?.ids : undefined;
  if (!ids || ids.length === 0) return null;
  const what = counted(ids.length, noun[0], noun[1]);
  return (
    <ConfirmModal title={`Delete ${what}?`} id="" intent={BULK_INTENTS.confirm} confirmLabel={`Delete ${what}`} closeTo={closeTo}>
      <input type="hidden" name="ids" value={ids.join(",")} />
      <p>The {what} you selected will be deleted. This cannot be undone.</p>
    </ConfirmModal>
  );
}
