import { Form, useNavigation } from "react-router";
import type { FormResult } from "#app/platform/text/forms.ts";
import { CONTACT_TOKEN_FIELD, CONTACT_TRAP_FIELD } from "./contact.ts";

/** What the contact action answers: the thank-you sentence, or what was wrong with the values as typed. */
export type ContactResult = FormResult & { done?: string };

/** The form's own limits (the schema's, app/mail/contact.ts), written here so that zod stays out of the page's scripts. */
const LIMITS = { name: 100, email: 254, message: 5000 };

/**
 * "Write to the board" (issue 28): name, address and message, posted to /contact-us itself, so that it works
 * without JavaScript (the page comes back with the thank-you, or with the errors and everything typed). It carries
 * the page's signed time (`token`) and a field people do not see (`CONTACT_TRAP_FIELD`, hidden by the stylesheet and
 * from assistive technology, out of the tab order).
 */
export function ContactForm({ token, result }: { token: string; result: ContactResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  if (result?.done) {
    return (
      <section className="card contact-card" aria-labelledby="write-heading">
        <h2 id="write-heading">Write to the board</h2>
        <p className="success" role="status">
          {result.done}
        </p>
        <p>
          <a href="/contact-us">Write another message</a>
        </p>
      </section>
    );
  }
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const field = (name: keyof typeof LIMITS) => ({
    id: `contact-${name}`,
    name,
    required: true,
    maxLength: LIMITS[name],
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: keyof typeof LIMITS) =>
    errors[name] && (
      <p className="field-error" id={`contact-${name}-error`}>
        {errors[name]}
      </p>
    );
  return (
    <section className="card contact-card" aria-labelledby="write-heading">
      <h2 id="write-heading">Write to the board</h2>
      <p className="muted">Your message goes to the board by email; the answer comes to the address you give.</p>
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name={CONTACT_TOKEN_FIELD} value={token} />
        <div>
          <label htmlFor="contact-name">Your name</label>
          <input type="text" autoComplete="name" {...field("name")} />
          {error("name")}
        </div>
        <div>
          <label htmlFor="contact-email">Your email address</label>
          <input type="email" autoComplete="email" {...field("email")} />
          {error("email")}
        </div>
        <div>
          <label htmlFor="contact-message">Message</label>
          <textarea rows={6} {...field("message")} />
          {error("message")}
        </div>
        <div className="form-trap" aria-hidden="true">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" name={CONTACT_TRAP_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {result?.formError && (
          <p className="alert" role="alert">
            {result.formError}
          </p>
        )}
        <p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Sending…" : "Send message"}
          </button>
        </p>
      </Form>
    </section>
  );
}
