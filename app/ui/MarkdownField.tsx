/**
 * A long text the public pages show formatted (stored as Markdown, rendered by `renderMarkdown` on the server): a
 * `FormField` textarea with a hint on the Markdown it takes and a toolbar of formatting buttons (GitHub's
 * `<markdown-toolbar>` element, decision 008). The element's script is imported inside an effect, so it is fetched
 * only by pages that show this field (admin screens) and only in a browser.
 *
 * The toolbar is in the server's markup, so that the textarea below it does not move when the script arrives (a
 * layout shift Lighthouse counted on /admin/pages). The stylesheet keeps it unseen, and so neither focusable nor
 * announced, until its element is defined (`markdown-toolbar:not(:defined)`), and hides it when the browser runs
 * no scripts (`@media (scripting: none)`): without JavaScript the field is the plain textarea and its hint, with no
 * buttons that would do nothing.
 */
import { useCallback, useEffect, useRef, useState, type DetailedHTMLProps, type HTMLAttributes } from "react";
import { FormField, useHydrating, type FormFieldProps } from "./FormField.tsx";
import { IMAGE_ACCEPT } from "./ImageField.tsx";
import { sendWithProgress, UploadProgress, type UploadState } from "./UploadProgress.tsx";

/** What the field takes, said under it (also when the toolbar is there: the toolbar makes these). */
export const MARKDOWN_HINT = "Markdown: **bold**, _italic_, [a link](https://…), a line starting with - or 1. for a list, ### for a heading; a blank line starts a new paragraph.";
/** The hint of a one-line text (the banner): the inline part of the same Markdown. */
export const INLINE_MARKDOWN_HINT = "Markdown: **bold**, _italic_, [a link](https://…); no headings or lists.";

/** Where a field's preview is rendered by the server (app/routes/admin/markdown-preview.ts). */
export const PREVIEW_URL = "/admin/markdown-preview";
/**
 * Where a picture for a text is uploaded (app/routes/admin/markdown-picture.tsx): it answers the Markdown of the
 * stored picture as a page to copy from without JavaScript; "Insert picture" posts to its `/upload`, which answers JSON.
 */
export const PICTURE_URL = "/admin/markdown-picture";

/** How long typing pauses before an open preview is brought up to date, in ms. */
const PREVIEW_DELAY_MS = 400;

type CustomElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

declare module "react" {
  // oxlint-disable-next-line typescript/no-namespace -- React's JSX typings are a namespace; this adds to them.
  namespace JSX {
    interface IntrinsicElements {
      /**
       * GitHub's toolbar element: `for` is the id of the textarea its buttons format; a descendant with
       * `data-md-button="bold"` (italic, link, header-3, unordered-list, ordered-list, …) applies that style.
       */
      "markdown-toolbar": CustomElementProps & { for: string };
    }
  }
}

/**
 * The formatting buttons, in order: real buttons (type="button", so they never submit the form) named by their text,
 * each applying the toolbar's style of the same name. The toolbar moves focus among them with the arrow keys, Home
 * and End (WAI-ARIA toolbar pattern): one Tab stop for the whole toolbar.
 */
const BUTTONS = [
  ["bold", "Bold"],
  ["italic", "Italic"],
  ["link", "Link"],
  ["header-3", "Heading"],
  ["unordered-list", "Bulleted list"],
  ["ordered-list", "Numbered list"],
] as const;

/** The inline styles only, for a one-line text. */
const INLINE_BUTTONS = BUTTONS.filter(([style]) => style === "bold" || style === "italic" || style === "link");

/**
 * Same props as `FormField`; the field is a textarea (`rows`, 8 unless given) whose hint ends with `MARKDOWN_HINT`.
 * The toolbar is seen and works once its custom element is defined (after hydration).
 *
 * Under the field, a "Preview" button (issue 26 part 4) opens the text as residents will see it: the HTML the
 * server renders for it (`PREVIEW_URL`: the same `renderMarkdown` and placeholders as the public pages), beside the
 * field where the form is wide enough and under it otherwise, brought up to date as typing pauses. The button is
 * there once the page's scripts run; without them the form is the plain textarea, sent as before.
 * @param inline a one-line text (the banner): inline Markdown only, in the hint, the toolbar and the preview
 */
export function MarkdownField({ inline, ...props }: FormFieldProps & { inline?: boolean }) {
  const id = props.id ?? props.name;
  const preview = usePreview(id, inline === true);
  const [pictureOpen, setPictureOpen] = useState(false);
  useEffect(() => {
    // Defining the element upgrades the toolbars already on the page. Without it the field still works as a plain
    // textarea (the toolbar stays unseen).
    import("@github/markdown-toolbar-element").catch(() => undefined);
  }, []);
  const toolbar = (
    <markdown-toolbar for={id} className="md-toolbar" aria-label="Formatting" aria-controls={id}>
      {(inline ? INLINE_BUTTONS : BUTTONS).map(([style, label]) => (
        <button key={style} type="button" data-md-button={style}>
          {label}
        </button>
      ))}
    </markdown-toolbar>
  );
  const dialect = inline ? INLINE_MARKDOWN_HINT : MARKDOWN_HINT;
  const hint = props.hint ? (
    <>
      {props.hint} {dialect}
    </>
  ) : (
    dialect
  );
  const previewId = `${id}-preview`;
  return (
    <div className="md-field">
      <div className={preview.open ? "md-field-inner previewing" : "md-field-inner"}>
        <FormField {...props} rows={props.rows ?? 8} hint={hint} toolbar={toolbar} />
        <div id={previewId} className="md-preview" hidden={!preview.open}>
          <p className="md-preview-label">{preview.failed ? "The preview could not be made. Please try again." : "Preview: as residents will see it"}</p>
          {/* The server's own rendering (renderMarkdown): safe to put in the page as it is. */}
          <div className="prose-md" dangerouslySetInnerHTML={{ __html: preview.html }} />
        </div>
      </div>
      <p className="md-preview-bar">
        <button type="button" className={preview.ready ? "button secondary md-preview-button" : "button secondary md-preview-button pending"} aria-expanded={preview.open} aria-controls={previewId} onClick={preview.toggle}>
          {preview.open ? "Hide preview" : "Preview"}
        </button>
        {!inline && (
          <button type="button" className={preview.ready ? "button secondary md-preview-button" : "button secondary md-preview-button pending"} aria-expanded={pictureOpen} aria-controls={`${id}-picture`} onClick={() => setPictureOpen(!pictureOpen)}>
            Insert picture
          </button>
        )}
      </p>
      {!inline && pictureOpen && <PicturePanel id={`${id}-picture`} textareaId={id} onDone={() => setPictureOpen(false)} />}
      {!inline && (
        <p className="md-picture-nojs muted">
          To add a picture, <a href={PICTURE_URL} target="_blank" rel="noopener">upload it on its own page<span className="visually-hidden"> (opens in a new tab)</span></a> and paste the line it gives you into the text.
        </p>
      )}
    </div>
  );
}

/**
 * "Insert picture": a picture and its alt text, uploaded with a progress bar to `PICTURE_URL` (checked, stripped of
 * metadata and resized there like every picture), and its Markdown put in the text at the cursor, on a line of its
 * own. The inputs have no names, so the text's form never sends them. A refusal (not a picture, too large, no alt
 * text) is said in the panel and nothing is inserted.
 */
function PicturePanel({ id, textareaId, onDone }: { id: string; textareaId: string; onDone: () => void }) {
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [error, setError] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLTextAreaElement>(null);
  async function insert() {
    const file = fileRef.current?.files?.[0];
    const alt = altRef.current?.value.trim() ?? "";
    if (!file) return setError("Please choose a picture.");
    if (!alt) return setError("Please describe the picture for people who cannot see it.");
    setError("");
    const outcome = await sendWithProgress(`${PICTURE_URL}/upload`, file, setUpload, { field: "picture", fields: { pictureAlt: alt } });
    setUpload(null);
    const answer = "failed" in outcome ? undefined : (outcome.answer as { markdown?: string; fieldErrors?: Record<string, string> } | undefined);
    if (!answer?.markdown) {
      setError(Object.values(answer?.fieldErrors ?? {})[0] ?? "The picture could not be uploaded. Please try again.");
      return;
    }
    const field = document.getElementById(textareaId);
    if (field instanceof HTMLTextAreaElement) {
      const start = field.selectionStart;
      const before = field.value.slice(0, start);
      const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
      field.setRangeText(`${lead}${answer.markdown}\n\n`, start, field.selectionEnd, "end");
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.focus();
    }
    onDone();
  }
  return (
    <div id={id} className="md-picture" role="group" aria-label="Insert a picture">
      <p>
        <label htmlFor={`${id}-file`}>Picture</label>
        <input type="file" id={`${id}-file`} ref={fileRef} accept={IMAGE_ACCEPT} aria-describedby={`${id}-hint`} />
      </p>
      <p>
        <label htmlFor={`${id}-alt`}>Describe the picture (alt text)</label>
        <textarea id={`${id}-alt`} ref={altRef} rows={2} maxLength={1000} />
      </p>
      <p id={`${id}-hint`} className="muted">
        A JPEG, PNG or WebP picture of up to 20 MB. Location and camera details are removed.
      </p>
      {upload && <UploadProgress id={`${id}-progress`} state={upload} />}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="md-picture-actions">
        <button type="button" className="button" disabled={upload !== null} onClick={() => void insert()}>
          Upload and insert
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          Cancel
        </button>
      </p>
    </div>
  );
}

/**
 * The preview of the textarea `id`: closed at first; opening it asks the server for the text's HTML, and while it is
 * open every pause in typing (input events, the toolbar's included) asks again. An answer older than the last
 * question is dropped.
 */
function usePreview(id: string, inline: boolean) {
  const ready = !useHydrating();
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState("");
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);
  const render = useCallback(async () => {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLTextAreaElement)) return;
    const question = ++asked.current;
    const body = new URLSearchParams({ text: field.value });
    if (inline) body.set("inline", "1");
    try {
      const response = await fetch(PREVIEW_URL, { method: "POST", body });
      if (!response.ok) throw new Error(`preview: ${response.status}`);
      const answer = await response.text();
      if (question !== asked.current) return;
      setHtml(answer);
      setFailed(false);
    } catch {
      if (question === asked.current) setFailed(true);
    }
  }, [id, inline]);
  useEffect(() => {
    const field = document.getElementById(id);
    if (!open || !field) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void render(), PREVIEW_DELAY_MS);
    };
    field.addEventListener("input", onInput);
    return () => {
      clearTimeout(timer);
      field.removeEventListener("input", onInput);
    };
  }, [id, open, render]);
  const toggle = () => {
    if (!open) void render();
    setOpen(!open);
  };
  return { ready, open, html, failed, toggle };
}
