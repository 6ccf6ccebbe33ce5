import type { ReactNode } from "react";
import type { FieldLimits, FormResult } from "#app/platform/text/forms.ts";

type InputType = "text" | "email" | "password" | "date" | "time" | "number" | "url" | "tel" | "file";

export interface FormFieldProps {
  /** The field's name in the submission and in the schema. */
  name: string;
  /** The visible label (also the input's accessible name). */
  label: ReactNode;
  /** The form's limits (from `formLimits(schema)` in the loader); this field's are put on the input. */
  limits?: Record<string, FieldLimits>;
  /** What the action answered: this field's error and its value as submitted. */
  result?: FormResult | null;
  defaultValue?: string;
  type?: InputType;
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  /** A select of these choices instead of an input (the value is the choice as shown). */
  options?: readonly string[];
  /** Help shown under the input and read with it (aria-describedby). */
  hint?: ReactNode;
  /** The element id; defaults to `name`. Two forms on one page need different ids. */
  id?: string;
  /** Announce the error when it appears (role="alert"): for forms whose whole answer is that error (sign-in). */
  announce?: boolean;
  /** Attributes the schema cannot say. */
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "decimal" | "numeric" | "email" | "text" | "url";
  accept?: string;
  /** Latest date or largest number allowed, when it depends on the day (a sample date is not in the future). */
  max?: string | number;
  /** Overrides the schema's `required` (a field the server fills in when left empty). */
  required?: boolean;
  /** Shown but not editable (a value the server's environment sets, e.g. Settings → Email under SMTP_URL). */
  readOnly?: boolean;
  /** Called with the value as it is typed (a live hint such as a password's length). */
  onValue?: (value: string) => void;
  /** The hint changes as the field is typed in: screen readers are told (aria-live). */
  liveHint?: boolean;
  /** Shown between the label and the input: a `MarkdownField`'s formatting toolbar. */
  toolbar?: ReactNode;
}

/**
 * One form field: label, input (or textarea), hint and error, wired for assistive technology: the error and hint
 * are tied to the input by aria-describedby, aria-invalid marks a refused value, and the input carries the limits
 * of the schema the server checks with. A value refused by the server is shown again as typed (never a password).
 */
export function FormField(props: FormFieldProps) {
  const id = props.id ?? props.name;
  const error = props.result?.fieldErrors?.[props.name];
  const limits = props.limits?.[props.name] ?? {};
  const submitted = props.type === "password" || props.type === "file" ? undefined : props.result?.values?.[props.name];
  const describedBy = [error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: props.name,
    required: props.required ?? limits.required,
    maxLength: limits.maxLength,
    minLength: limits.minLength,
    placeholder: props.placeholder,
    autoComplete: props.autoComplete,
    readOnly: props.readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    onChange: props.onValue ? (event: { currentTarget: { value: string } }) => props.onValue?.(event.currentTarget.value) : undefined,
  };
  return (
    <div>
      <label htmlFor={id}>{props.label}</label>
      {props.toolbar}
      {props.options ? (
        <select {...common} defaultValue={submitted ?? props.defaultValue}>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : props.rows ? (
        <textarea {...common} rows={props.rows} defaultValue={submitted ?? props.defaultValue} />
      ) : (
        <input
          {...common}
          type={props.type ?? "text"}
          min={limits.min}
          max={props.max ?? limits.max}
          step={props.type === "number" ? limits.step : undefined}
          inputMode={props.inputMode}
          accept={props.accept}
          defaultValue={props.type === "file" ? undefined : (submitted ?? props.defaultValue)}
        />
      )}
      {props.hint && (
        <p id={`${id}-hint`} className="muted" aria-live={props.liveHint ? "polite" : undefined}>
          {props.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role={props.announce ? "alert" : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's own message (not tied to one field), announced when it appears. */
export function FormAlert({ result }: { result?: FormResult | null }) {
  if (!result?.formError) return null;
  return (
    <p className="alert" role="alert">
      {result.formError}
    </p>
  );
}

/**
 * The props every field of one form shares, by name: `field("title")` gives the name, the form's limits, the
 * action's result and the value the form opens with.
 */
export function formFieldsOf(limits: Record<string, FieldLimits>, result: FormResult | null | undefined, values: Record<string, string> | undefined) {
  return (name: string) => ({ name, limits, result, defaultValue: values?.[name] });
}

/** The association's time zone: app/ui/TimeZoneField.tsx (grouped by region, the browser's own first). */
export { TimeZoneField } from "./TimeZoneField.tsx";
