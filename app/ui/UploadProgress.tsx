/**
 * Uploading one file with a progress bar (the documents screen, the lab-file import): the file is posted as
 * multipart with `XMLHttpRequest`, the only browser API that reports an upload's progress (fetch does not), and the
 * server answers JSON.
 */

/** An upload under way: the file's name and how much of it has been sent, 0 to 100. */
export interface UploadState {
  name: string;
  percent: number;
}

/** How an upload ended: the server's status and its JSON answer (undefined when it was not JSON), or a network failure. */
export type UploadOutcome = { status: number; answer: unknown } | { failed: true };

/**
 * Posts `file` as the form field "file" to `url`, asking for JSON, and reports the bytes sent as they go.
 * @param onProgress called with the state of the upload, from 0 % when it starts
 * @param form.field the file's field name instead of "file"; `form.fields` text fields sent with it (a picture's alt text)
 * @returns the server's status and parsed answer, or `{ failed: true }` when the connection failed; never rejects
 */
export function sendWithProgress(url: string, file: File, onProgress: (state: UploadState) => void, form: { field?: string; fields?: Record<string, string> } = {}): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields ?? {})) body.append(name, value);
    body.append(form.field ?? "file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ name: file.name, percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = undefined;
      }
      resolve({ status: xhr.status, answer });
    };
    xhr.onerror = () => resolve({ failed: true });
    onProgress({ name: file.name, percent: 0 });
    xhr.send(body);
  });
}

/** The progress bar of an upload under way, announced politely ("Uploading minutes.pdf: 40%"). */
export function UploadProgress({ id, state }: { id: string; state: UploadState }) {
  return (
    <div className="upload-progress" role="status">
      <label htmlFor={id}>
        Uploading {state.name}: {state.percent}%
      </label>
      <progress id={id} max={100} value={state.percent} />
    </div>
  );
}
