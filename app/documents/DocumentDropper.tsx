import { useRef, useState, type DragEvent } from "react";
import { useRevalidator } from "react-router";
// The server enforces the largest size; the browser only spares a long upload that would be refused.
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_SIZE_TEXT } from "#app/platform/files/upload-limits.ts";
import { sendWithProgress, UploadProgress, type UploadState } from "#app/ui/UploadProgress.tsx";

/** The accepted types (issue 28), for the file picker's filter; the server judges the content itself. */
export const ACCEPT = ".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.csv,.jpg,.jpeg,.png,.webp,application/pdf,text/plain,text/csv,image/jpeg,image/png,image/webp";

/** What the drop zone says it takes (the server's list, app/documents/file-types.server.ts). */
const ACCEPTED_KINDS = "PDF, Word, Excel, PowerPoint, OpenDocument, text, CSV, JPEG, PNG and WebP files";

/**
 * Drop zone and file picker for documents. With JavaScript, files are sent one request at a time with a progress
 * bar; without it, the same form posts to the same address and the page reloads with the outcome.
 */
export function DocumentDropper({ action, categories }: { action: string; categories: readonly { id: string; name: string }[] }) {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [messages, setMessages] = useState<{ ok: string[]; errors: string[] }>({ ok: [], errors: [] });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const category = useRef<HTMLSelectElement>(null);
  const { revalidate } = useRevalidator();

  function send(file: File): Promise<{ uploaded: string[]; errors: { name: string; message: string }[] }> {
    return new Promise((resolve) => {
      if (file.size > MAX_DOCUMENT_BYTES) {
        resolve({ uploaded: [], errors: [{ name: file.name, message: `That file is too large: documents of up to ${MAX_DOCUMENT_SIZE_TEXT} are accepted.` }] });
        return;
      }
      const chosen = category.current?.value;
      void sendWithProgress(chosen ? `${action}?category=${encodeURIComponent(chosen)}` : action, file, setProgress).then((outcome) => {
        if ("failed" in outcome) resolve({ uploaded: [], errors: [{ name: file.name, message: "Failed to upload file. Please check the connection and try again." }] });
        else if (outcome.answer === undefined) resolve({ uploaded: [], errors: [{ name: file.name, message: `Failed to upload file (${outcome.status}). Please try again.` }] });
        else resolve(outcome.answer as { uploaded: string[]; errors: { name: string; message: string }[] });
      });
    });
  }

  async function upload(files: FileList | File[]) {
    const list = [...files];
    if (list.length === 0) return;
    const ok: string[] = [];
    const errors: string[] = [];
    for (const file of list) {
      const result = await send(file);
      ok.push(...result.uploaded);
      for (const e of result.errors) errors.push(`${e.name}: ${e.message}`);
    }
    setProgress(null);
    setMessages({ ok, errors });
    if (errors.length > 0) window.alert(errors.join("\n"));
    if (input.current) input.current.value = "";
    if (ok.length > 0) await revalidate();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files);
  }

  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className={`dropper${dragging ? " dragging" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onSubmit={(e) => {
        e.preventDefault();
        if (input.current?.files) void upload(input.current.files);
      }}
    >
      <p>
        <strong>Drop files here</strong> or choose them. {ACCEPTED_KINDS} of up to {MAX_DOCUMENT_SIZE_TEXT} each; pictures are stored without location and camera details.
      </p>
      {categories.length > 0 && (
        <p>
          <label htmlFor="upload-category">Category</label>{" "}
          <select id="upload-category" name="category" ref={category} defaultValue="">
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </p>
      )}
      <label htmlFor="file" className="visually-hidden">
        Files to upload
      </label>
      <input id="file" ref={input} name="file" type="file" multiple accept={ACCEPT} onChange={(e) => e.currentTarget.files && void upload(e.currentTarget.files)} />
      <noscript>
        <button type="submit" className="button">
          Upload
        </button>
      </noscript>
      {progress && <UploadProgress id="upload-progress" state={progress} />}
      <div aria-live="polite">
        {messages.ok.length > 0 && <p className="success">Uploaded: {messages.ok.join(", ")}</p>}
        {messages.errors.length > 0 && (
          <ul className="alert">
            {messages.errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
