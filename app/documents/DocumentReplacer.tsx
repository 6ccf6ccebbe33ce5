import { MAX_DOCUMENT_SIZE_TEXT } from "#app/platform/files/upload-limits.ts";
import { ACCEPT } from "./DocumentDropper.tsx";

/**
 * "Replace the file" in a document's "Rename or delete" window (issue 28): a plain form that posts the new file to
 * `action` (the document's replace address) and comes back to the documents screen with the outcome; the document
 * keeps its name, category and address. Works without JavaScript.
 * @param error why the last replacement was refused, if it was
 */
export function DocumentReplacer({ action, error }: { action: string; error: string | null }) {
  return (
    <form method="post" action={action} encType="multipart/form-data" className="stack replace-file">
      <h3>Replace the file</h3>
      <p className="muted">The document keeps its name and address: links to it give the new file. Files of up to {MAX_DOCUMENT_SIZE_TEXT}.</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="replace-file">New file</label>
      <input id="replace-file" name="file" type="file" required accept={ACCEPT} />
      <div className="button-row">
        <button type="submit" className="button secondary">
          Replace file
        </button>
      </div>
    </form>
  );
}
