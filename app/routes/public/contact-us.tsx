import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { data } from "react-router";
import type { Route } from "./+types/contact-us";
import { clientAddressContext, getServices } from "#app/web/context.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { formFields, parseForm } from "#app/platform/text/forms.ts";
import { ContactForm, type ContactResult } from "#app/mail/ContactForm.tsx";
import { CONTACT_FAILED, CONTACT_REFUSED, CONTACT_THANKS, CONTACT_THROTTLED, CONTACT_TOKEN_FIELD, CONTACT_TRAP_FIELD } from "#app/mail/contact.ts";
import { makeContactToken } from "#app/mail/contact-token.server.ts";
import { receiveContactMessage } from "#app/mail/contact.server.ts";
import { contactSchema } from "#app/mail/forms.ts";

/**
 * The same page for every visitor: the public page cache may keep it. The form's time token is the moment the page
 * was made, so a cached copy's token is older than the visit: the time check is a lower bound (app/mail/contact.ts).
 */
export const handle = CACHEABLE_PAGE;

/** How long the Copied indicator shows, in milliseconds (spec §9). */
export const COPIED_MS = 2000;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Contact us", "How to write to the association's board.");
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  return { contactEmail: (await getAssociationDetails(services.db)).contactEmail, formToken: makeContactToken(services.config.authSecret) };
}

/**
 * "Write to the board" (issue 28): a message checked by the schema, then by the spam checks; stored and mailed to
 * the contact address. Errors come back with everything typed (400; 429 when throttled); a message refused as spam
 * gets a sentence a person can act on, and nothing is stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const fields = formFields(await request.formData());
  // The typed values, and nothing else, go back to the form; a field left out reads as empty.
  const values = { name: fields.name ?? "", email: fields.email ?? "", message: fields.message ?? "" };
  const parsed = parseForm(contactSchema, values);
  if (!parsed.ok) return data<ContactResult>({ ...parsed.result, values }, { status: 400 });
  try {
    const outcome = await receiveContactMessage(
      services,
      { input: parsed.data, trap: fields[CONTACT_TRAP_FIELD] ?? "", token: fields[CONTACT_TOKEN_FIELD] },
      context.get(clientAddressContext),
    );
    if (outcome === "sent") return data<ContactResult>({ done: CONTACT_THANKS });
    if (outcome === "throttled") return data<ContactResult>({ formError: CONTACT_THROTTLED, values }, { status: 429 });
    return data<ContactResult>({ formError: CONTACT_REFUSED, values }, { status: 400 });
  } catch (error) {
    services.logger.error({ err: error }, "contact message failed");
    return data<ContactResult>({ formError: CONTACT_FAILED, values }, { status: 500 });
  }
}

const noSubscription = () => () => {};

/**
 * Whether scripts run in this page: false in the server's HTML (and so while the scripts load, or when they never
 * run), true once hydrated.
 */
function useScriptsRun(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { contactEmail, formToken } = loaderData;
  const scripted = useScriptsRun();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(contactEmail);
      setFailed(false);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setFailed(true);
    }
  }

  return (
    <div className="page narrow">
      <h1>Contact us</h1>
      <p>The board reads every message. Write to us at:</p>
      <p className="card">
        <strong>{contactEmail}</strong>
      </p>
      <div className="button-row">
        <a className="button" href={`mailto:${contactEmail}`}>
          Email the Board
        </a>
        {/* Copying needs a script: without one the button would do nothing, so it shows only once scripts run (issue 26).
            It keeps its place meanwhile, unseen (app.css), so that the form below does not move when it appears. */}
        <button type="button" className={scripted ? "button secondary copy-button" : "button secondary copy-button pending"} onClick={copy} aria-live="polite">
          {copied ? "Copied" : "Copy email address"}
        </button>
      </div>
      {failed && <p className="field-error">Your browser did not allow copying. Select the address above instead.</p>}
      <ContactForm token={formToken} result={actionData} />
    </div>
  );
}
