import type { ReactNode } from "react";
import { FormField } from "./FormField.tsx";
import { Picture, type PictureImage } from "./Picture.tsx";
import type { FormResult } from "#app/platform/text/forms.ts";

/** The longest text alternative accepted, in characters (`storeImage` checks it too). */
export const MAX_ALT_LENGTH = 1000;

/** What the file input takes; the server checks the bytes again whatever the browser sends. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * A picture in a form (its form needs `encType="multipart/form-data"`): the current picture, if any, a file input
 * `name` for a new one, and its text alternative `${name}Alt`, read on the server by `readImageForm`. Errors come
 * from `result.fieldErrors[name]` and `[name + "Alt"]`, tied to their inputs as in `FormField`; the alt text comes
 * back as typed. After a save that changes the picture, the field shows the saved picture with an empty file input.
 * @param current the picture stored now (shown small), or null
 * @param alt the alt text the form opens with (the current picture's)
 * @param removable offer "Remove this picture" (`${name}Remove=on`) when there is a current picture
 */
export function ImageField(props: { name: string; label: ReactNode; current?: PictureImage | null; alt?: string; result?: FormResult | null; hint?: ReactNode; removable?: boolean }) {
  const { name, current, result } = props;
  // A new saved picture remounts the inputs: the file input no longer holds the file just sent (its name would look
  // like a pending upload beside the saved picture), and the alt text and "Remove" start from the saved state.
  const saved = current?.id ?? "none";
  return (
    <fieldset className="image-field">
      <legend>{props.label}</legend>
      {current && (
        <figure className="image-preview">
          <Picture image={current} sizes="10rem" />
          <figcaption className="muted">The picture shown now.</figcaption>
        </figure>
      )}
      <FormField
        key={`file-${saved}`}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT}
        label={current ? "Replace with a new picture" : "Choose a picture"}
        hint={props.hint ?? "A JPEG, PNG or WebP picture of up to 20 MB. Location and camera details are removed."}
        result={result}
      />
      <FormField key={`alt-${saved}`} name={`${name}Alt`} label="Describe the picture (alt text)" rows={2} hint="What the picture shows, for people who cannot see it." result={result} limits={{ [`${name}Alt`]: { maxLength: MAX_ALT_LENGTH } }} defaultValue={props.alt ?? current?.alt ?? ""} required={false} />
      {current && props.removable && (
        <div className="checkbox" key={`remove-${saved}`}>
          <input type="checkbox" id={`${name}Remove`} name={`${name}Remove`} />
          <label htmlFor={`${name}Remove`}>Remove this picture</label>
        </div>
      )}
    </fieldset>
  );
}
