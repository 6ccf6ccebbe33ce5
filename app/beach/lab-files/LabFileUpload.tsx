import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { LAB_FILE_ACCEPT, LAB_FILE_TOO_LARGE, MAX_LAB_FILE_BYTES } from "./limits.ts";
import { sendWithProgress, UploadProgress, type UploadState } from "#app/ui/UploadProgress.tsx";

/** Where the upload is posted: the import screen, which answers with the address of its next step. */
export const LAB_IMPORT_PATH = "/admin/beach-measurements/import";

/**
 * The lab file upload: a file input and an "Upload and read" button. Without JavaScript the form posts to the import
 * screen and the browser follows its redirect to the mapping step; with JavaScript the file is sent with a progress
 * bar (as the documents screen does) and the page then goes to the same address.
 * @param error a message from the server to show beside the field (e.g. the file was too large)
 */
export function LabFileUpload({ error }: { error?: string | undefined }) {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [problem, setProblem] = useState<string | undefined>(error);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  function send(file: File) {
    if (file.size > MAX_LAB_FILE_BYTES) {
      setProblem(LAB_FILE_TOO_LARGE);
      return;
    }
    setProblem(undefined);
    void sendWithProgress(`${LAB_IMPORT_PATH}/upload`, file, setProgress).then((outcome) => {
      setProgress(null);
      if ("failed" in outcome) return setProblem("Failed to upload the file. Please check the connection and try again.");
      const answer = (outcome.answer ?? {}) as { location?: string; error?: string };
      if (answer.location) void navigate(answer.location);
      else setProblem(answer.error ?? `Failed to upload the file (${outcome.status}). Please try again.`);
    });
  }

  return (
    <form
      method="post"
      action={LAB_IMPORT_PATH}
      encType="multipart/form-data"
      className="stack"
      onSubmit={(e) => {
        const file = input.current?.files?.[0];
        if (!file) return;
        e.preventDefault();
        send(file);
      }}
    >
      <div>
        <label htmlFor="lab-file">Lab file</label>
        <input
          id="lab-file"
          ref={input}
          name="file"
          type="file"
          accept={LAB_FILE_ACCEPT}
          required
          aria-describedby={problem ? "lab-file-hint lab-file-error" : "lab-file-hint"}
          aria-invalid={problem ? true : undefined}
        />
        <p id="lab-file-hint" className="muted">
          A CSV or Excel workbook (.xlsx or .xls) as the lab sends it, of up to 64 MB: a row per result, or a column per
          site or per date. You will choose the columns and see every problem before anything is saved.
        </p>
        {problem && (
          <p id="lab-file-error" className="field-error">
            {problem}
          </p>
        )}
      </div>
      <p>
        <button type="submit" className="button secondary" disabled={progress !== null}>
          Upload and read
        </button>
      </p>
      {progress && <UploadProgress id="lab-file-progress" state={progress} />}
    </form>
  );
}
