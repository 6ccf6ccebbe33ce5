import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";

/**
 * A dialog whose open state lives in the URL (e.g. `?edit=new`), so that it works before hydration: the server renders
 * it open, and a plain link opens or closes it. Once JavaScript runs it becomes a true modal (`showModal`: focus
 * kept inside, Escape closes, the page behind is inert). Closing goes to `closeTo`.
 */
export function Modal({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      void navigate(closeTo, { preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [closeTo, navigate]);
  return (
    <dialog ref={ref} open className="modal" aria-labelledby="modal-title">
      <div className="modal-head">
        <h2 id="modal-title">{title}</h2>
        <a href={closeTo} className="modal-close" aria-label="Close" onClick={(e) => { e.preventDefault(); void navigate(closeTo, { preventScrollReset: true }); }}>
          ×
        </a>
      </div>
      {children}
    </dialog>
  );
}
