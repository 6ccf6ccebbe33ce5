/** A form field's error message, tied to its input by `id` (the input's aria-describedby); nothing when none. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}
