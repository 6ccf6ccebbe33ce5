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
import { useEffect, type DetailedHTMLProps, type HTMLAttributes } from "react";
import { FormField, type FormFieldProps } from "./FormField.tsx";

/** What the field takes, said under it (also when the toolbar is there: the toolbar makes these). */
export const MARKDOWN_HINT = "Markdown: **bold**, _italic_, [a link](https://…), a line starting with - or 1. for a list, ### for a heading; a blank line starts a new paragraph.";

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

/**
 * Same props as `FormField`; the field is a textarea (`rows`, 8 unless given) whose hint ends with `MARKDOWN_HINT`.
 * The toolbar is seen and works once its custom element is defined (after hydration).
 */
export function MarkdownField(props: FormFieldProps) {
  const id = props.id ?? props.name;
  useEffect(() => {
    // Defining the element upgrades the toolbars already on the page. Without it the field still works as a plain
    // textarea (the toolbar stays unseen).
    import("@github/markdown-toolbar-element").catch(() => undefined);
  }, []);
  const toolbar = (
    <markdown-toolbar for={id} className="md-toolbar" aria-label="Formatting" aria-controls={id}>
      {BUTTONS.map(([style, label]) => (
        <button key={style} type="button" data-md-button={style}>
          {label}
        </button>
      ))}
    </markdown-toolbar>
  );
  const hint = props.hint ? (
    <>
      {props.hint} {MARKDOWN_HINT}
    </>
  ) : (
    MARKDOWN_HINT
  );
  return <FormField {...props} rows={props.rows ?? 8} hint={hint} toolbar={toolbar} />;
}
