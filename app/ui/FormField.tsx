import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
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
  /** A select of these choices instead of an input (the value is the choice as shown, or `value` where `label` is shown). */
  options?: readonly (string | { value: string; label: string })[];
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
  const { ref, element } = useKeptValue(props.onValue);
  const error = props.result?.fieldErrors?.[props.name];
  const limits = props.limits?.[props.name] ?? {};
  const submitted = props.type === "password" || props.type === "file" ? undefined : props.result?.values?.[props.name];
  // The first field the server refused takes the focus: as the page loads (autofocus, also without JavaScript)
  // and when the answer arrives in the page already there.
  const firstError = error !== undefined && Object.keys(props.result?.fieldErrors ?? {})[0] === props.name;
  useEffect(() => {
    const field = element.current;
    if (!error || !field || !("form" in field) || !field.form) return;
    if (field.form.querySelector('[aria-invalid="true"]') === field) field.focus();
  }, [error, props.result, element]);
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
    ref,
    autoFocus: firstError || undefined,
    onChange: props.onValue ? (event: { currentTarget: { value: string } }) => props.onValue?.(event.currentTarget.value) : undefined,
  };
  return (
    <div>
      <label htmlFor={id}>{props.label}</label>
      {props.toolbar}
      {props.options ? (
        <select {...common} defaultValue={submitted ?? props.defaultValue}>
          {props.options.map((option) => {
            const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
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

const subscribeToNothing = () => () => {};

/**
 * True while React hydrates the server's HTML (and on the server), false in every later render: during hydration
 * React reads the server snapshot.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose value a person types (not a file, a box or a button). */
function isTyped(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !["file", "checkbox", "radio", "hidden", "submit", "button", "reset", "image"].includes(target.type);
}

/**
 * What was typed into each field of the server's page before React hydrated it: the fields already typed into when
 * this module is evaluated (before hydration starts: the route modules load first), then every input event until
 * the fields' hydration is committed. Hydration runs in slices, and a keystroke can fall between the slice that
 * renders a field and the one that resets it, so the value is recorded as typed rather than read at render.
 */
const typedBeforeHydration = new WeakMap<Element, string>();

/**
 * Hydration writes each field's `defaultValue` again, with the text it already has. For a textarea that replaces
 * its text node, which moves the caret to the start and, in a field not typed into yet, drops a selection: a quick
 * fill landing then (select all, hydration, insert) put the new text before the old one instead of replacing it.
 * Until its hydration is committed, a server field ignores a write of the `defaultValue` it already has; any other
 * write goes through (`releaseDefaultValue` removes the guard).
 */
function guardDefaultValue(field: HTMLInputElement | HTMLTextAreaElement): void {
  const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "defaultValue");
  if (!own?.get || !own.set || Object.prototype.hasOwnProperty.call(field, "defaultValue")) return;
  const { get, set } = own;
  Object.defineProperty(field, "defaultValue", {
    configurable: true,
    get() {
      return get.call(field) as string;
    },
    set(value: string) {
      if (String(value) !== get.call(field)) set.call(field, value);
    },
  });
}

function releaseDefaultValue(field: Element): void {
  if (Object.prototype.hasOwnProperty.call(field, "defaultValue")) delete (field as { defaultValue?: string }).defaultValue;
}

if (typeof document !== "undefined") {
  for (const field of document.querySelectorAll("textarea, input")) {
    if (!isTyped(field)) continue;
    guardDefaultValue(field);
    if (field.value !== field.defaultValue) typedBeforeHydration.set(field, field.value);
  }
  document.addEventListener(
    "input",
    (event) => {
      if (isTyped(event.target)) typedBeforeHydration.set(event.target, event.target.value);
    },
    true,
  );
}

/**
 * Keeps what a person typed into the server's field before the scripts arrived (issue 26 part 2). React 19 sets a
 * hydrated textarea back to its `defaultValue` (its `initTextarea` writes the text content, then the value), which
 * threw away the first seconds of typing on a slow connection; inputs it leaves alone. So when a hydrated field is
 * committed, the value recorded as typed into it (`typedBeforeHydration`) is put back if React replaced it, and
 * `onValue` hears it (a live hint is not left describing the old text). Fields mounted later are the person's own.
 * @returns the ref callback to put on the field's element, and the element
 */
function useKeptValue(onValue?: (value: string) => void) {
  const ref = useRef<Field>(null);
  const hydrating = useHydrating();
  const [wasHydrated] = useState(hydrating);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!wasHydrated || !element) return;
    releaseDefaultValue(element);
    const typed = typedBeforeHydration.get(element);
    if (typed === undefined) return;
    if (element.value !== typed) element.value = typed;
    onValue?.(typed);
    // Only once, after hydration: later values are the person's own.
  }, []);
  const setRef = useCallback((element: Field | null) => {
    ref.current = element;
  }, []);
  return { ref: setRef, element: ref };
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
