/**
 * Leaving a form with unsaved changes asks first (issue 26 part 2): a link, the browser's Back, a dialog's Escape,
 * its close button or Cancel (each of these is a navigation: the dialogs' open state is in the URL) and closing or
 * reloading the tab. An untouched form is left without asking; sending a form is not leaving it.
 *
 * What counts as a change is read from the page itself, so that every form is covered without telling this about
 * it: a field whose value is not the one the page was rendered with (`defaultValue`, `defaultChecked`,
 * `defaultSelected`), a file chosen, or a field the server refused (`aria-invalid`: what was typed is not saved).
 * Forms sent with GET (a search) and forms marked `data-no-unsaved` are not counted.
 */
import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useNavigation, type Blocker, type BlockerFunction } from "react-router";

/** The confirmation's words. */
export const DISCARD_TITLE = "Discard your changes?";
export const DISCARD_TEXT = "What you typed here has not been saved. If you leave now, it is lost.";
export const KEEP_LABEL = "Keep editing";
export const DISCARD_LABEL = "Discard";

/** True when a field of a POST form under `root` holds something the page was not rendered with. */
export function hasUnsavedChanges(root: ParentNode): boolean {
  for (const form of root.querySelectorAll("form")) {
    if (form.method.toLowerCase() !== "post" || form.hasAttribute("data-no-unsaved")) continue;
    for (const element of form.elements) {
      if (element.getAttribute("aria-invalid") === "true") return true;
      if (element instanceof HTMLTextAreaElement) {
        if (element.value !== element.defaultValue) return true;
      } else if (element instanceof HTMLInputElement) {
        if (["hidden", "submit", "button", "reset", "image"].includes(element.type)) continue;
        if (element.type === "checkbox" || element.type === "radio") {
          if (element.checked !== element.defaultChecked) return true;
        } else if (element.type === "file") {
          if ((element.files?.length ?? 0) > 0) return true;
        } else if (element.value !== element.defaultValue) return true;
      } else if (element instanceof HTMLSelectElement) {
        const options = [...element.options];
        const initial = options.some((o) => o.defaultSelected) ? options.filter((o) => o.defaultSelected) : options.slice(0, 1);
        if (options.some((o) => o.selected !== initial.includes(o))) return true;
      }
    }
  }
  return false;
}

/**
 * Put once in a layout: blocks a navigation away from unsaved changes until "Discard" is chosen (React Router's
 * `useBlocker`), and has the browser ask before the tab is closed or reloaded (`beforeunload`). The question is a
 * modal dialog with two buttons named by their text; Escape keeps editing.
 */
export function UnsavedChangesGuard() {
  // Set by a form being sent, cleared when the navigation it started is over: a save is not leaving.
  const sending = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
  }, [navigation.state]);
  useEffect(() => {
    const onSubmit = () => {
      sending.current = true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (sending.current || !hasUnsavedChanges(document)) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);
  const blocker = useLeaveBlocker(({ currentLocation, nextLocation }) => {
    if (sending.current) return false;
    if (currentLocation.pathname === nextLocation.pathname && currentLocation.search === nextLocation.search) return false;
    return hasUnsavedChanges(document);
  });
  if (blocker.state !== "blocked") return null;
  return <DiscardDialog onKeep={() => blocker.reset()} onDiscard={() => blocker.proceed()} />;
}

/** "Discard your changes?" with "Keep editing" (focused first) and "Discard", as a modal dialog. */
function DiscardDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const keepEditing = useRef(onKeep);
  keepEditing.current = onKeep;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Focus goes back where it was (the field being edited) when the dialog goes.
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    keep.current?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      keepEditing.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className="modal discard-dialog" role="alertdialog" aria-labelledby="discard-title" aria-describedby="discard-text">
      <h2 id="discard-title">{DISCARD_TITLE}</h2>
      <p id="discard-text">{DISCARD_TEXT}</p>
      <div className="button-row">
        <button ref={keep} type="button" className="button" onClick={onKeep}>
          {KEEP_LABEL}
        </button>
        <button type="button" className="button danger" onClick={onDiscard}>
          {DISCARD_LABEL}
        </button>
      </div>
    </dialog>
  );
}

let blockerCount = 0;

/**
 * React Router's `useBlocker`, on the router's own blocker API (`getBlocker`/`deleteBlocker`) through its exported
 * contexts: the hook's module code would otherwise join the router chunk every public page loads first (the home
 * page's 110 KB budget, decision 027), while the router's blocker machinery is there anyway. No basename is used.
 * @returns the blocker's state: "unblocked", "blocked" (with `proceed` and `reset`) or "proceeding"
 */
function useLeaveBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const blockers = useContext(UNSAFE_DataRouterStateContext)?.blockers;
  const [key, setKey] = useState("");
  useEffect(() => {
    if (!router) return;
    const next = `unsaved-${++blockerCount}`;
    setKey(next);
    return () => router.deleteBlocker(next);
  }, [router]);
  useEffect(() => {
    if (router && key) router.getBlocker(key, shouldBlock);
  }, [router, key, shouldBlock]);
  return (key && blockers?.get(key)) || { state: "unblocked", proceed: undefined, reset: undefined, location: undefined };
}
