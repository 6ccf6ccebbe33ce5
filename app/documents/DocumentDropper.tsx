import { useRef, useState, type DragEvent } from "react";
import { useRevalidator } from "react-router";
// The server enforces the largest size; the browser only spares a long upload that would be refused.
import { MAX_DOCUMENT_BYTES } from "#app/platform/files/upload-limits.ts";

/** The four accepted types (spec §5), for the file picker's filter; the server judges the content itself. */
const ACCEPT = ".txt,.csv,.pdf,.jpg,.jpeg,text/plain,text/csv,application/pdf,image/jpeg";

interface Progress {
  name: string;
  percent: number;
}

/**
 * Drop zone and file picker for documents. With JavaScript, files are sent one request at a time with a progress
 * bar; without it, the same form posts to the same address and the page reloads with the outcome.
 */
export function DocumentDropper({ action }: { action: string }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [messages, setMessages] = useState<{ ok: string[]; errors: string[] }>({ ok: [], errors: [] });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { revalidate } = useRevalidator();

  function send(file: File): Promise<{ uploaded: string[]; errors: { name: string; message: string }[] }> {
    return new Promise((resolve) => {
      if (file.size > MAX_DOCUMENT_BYTES) {
        resolve({ uploaded: [], errors: [{ name: file.name, message: "That file is too large: documents of up to 20 MB are accepted." }] });
        return;
      }
      const body = new FormData();
      body.append("file", file);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", action);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) setProgress({ name: file.name, percent: Math.round((e.loaded / e.total) * 100) });
      };
      xhr.onload = () => {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          resolve({ uploaded: [], errors: [{ name: file.name, message: `Failed to upload file (${xhr.status}). Please try again.` }] });
        }
      };
      xhr.onerror = () => resolve({ uploaded: [], errors: [{ name: file.name, message: "Failed to upload file. Please check the connection and try again." }] });
      setProgress({ name: file.name, percent: 0 });
      xhr.send(body);
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
        <strong>Drop files here</strong> or choose them. Text, CSV, PDF and JPEG files of up to 20 MB.
      </p>
      <label htmlFor="file" className="visually-hidden">
        Files to upload
      </label>
      <input id="file" ref={input} name="file" type="file" multiple accept={ACCEPT} onChange={(e) => e.currentTarget.files && void upload(e.currentTarget.files)} />
      <noscript>
        <button type="submit" className="button">
          Upload
        </button>
      </noscript>
      {progress && (
        <div className="upload-progress" role="status">
          <label htmlFor="upload-progress">
            Uploading {progress.name}: {progress.percent}%
          </label>
          <progress id="upload-progress" max={100} value={progress.percent} />
        </div>
      )}
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
