/**
 * The step every form with one picture field shares after `readImageForm`: which picture the record keeps (the one
 * just uploaded, the current one, or none when "Remove this picture" is ticked), the alt text a kept picture needs,
 * and, once the record is saved, the alt text written and a replaced picture deleted.
 */
import { altTextProblem, deleteImage, setImageAlt, type ImageForm, type ImageServices } from "./images.server.ts";

/** The outcome of one picture field of a submitted form. */
export interface PictureChoice {
  /** The image id the record keeps, or null. */
  id: string | null;
  /** Undoes the upload: call when the form is refused or the save fails. */
  discard(): Promise<void>;
  /** After the record is saved: writes a kept picture's alt text and deletes the picture it replaced or removed. */
  commit(): Promise<void>;
}

/**
 * Decides one picture field `name` of `form` for a record whose picture is `current` (an image id or null). A kept
 * picture whose alt text is missing or too long adds `fieldErrors[name + "Alt"]` to `form`, before anything is saved.
 */
export function choosePicture(services: ImageServices, form: ImageForm, name: string, current: string | null): PictureChoice {
  const uploaded = form.images[name];
  const id = uploaded?.id ?? (form.fields[`${name}Remove`] === "on" ? null : current);
  const alt = form.fields[`${name}Alt`] ?? "";
  const problem = id && !uploaded ? altTextProblem(alt) : undefined;
  if (problem && !form.fieldErrors[`${name}Alt`]) form.fieldErrors[`${name}Alt`] = problem;
  return {
    id,
    async discard() {
      if (uploaded) await deleteImage(services, uploaded.id);
    },
    async commit() {
      if (id && !uploaded) await setImageAlt(services.db, id, alt);
      if (current && current !== id) await deleteImage(services, current);
    },
  };
}
