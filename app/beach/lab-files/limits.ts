/**
 * The lab file upload's limits, shared by the route's body rule (sent to the browser with its handle), the upload
 * widget and the server. Pure.
 */
import { uploadBody } from "#app/platform/files/upload-limits.ts";

/** Largest lab file accepted, in bytes (64 MB: a Water Quality Portal download of 100,000 results is about 60 MB). */
export const MAX_LAB_FILE_BYTES = 64 * 1024 * 1024;

/** The upload's body rule: one file of up to `MAX_LAB_FILE_BYTES`, plus the form's other fields. */
export const LAB_FILE_BODY = uploadBody(1, MAX_LAB_FILE_BYTES);

/** The file picker's filter; the server tells the kind by the file's bytes. */
export const LAB_FILE_ACCEPT = ".csv,.txt,.xlsx,.xls,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel";

/** The message of a file over the limit. */
export const LAB_FILE_TOO_LARGE = "That file is too large: lab files of up to 64 MB are accepted.";
