import { useId } from "react";
import { Form, useFetcher, useRouteLoaderData } from "react-router";
import type { FormResult } from "#app/platform/text/forms.ts";
import { LIST_LABELS, SUBSCRIBER_LISTS } from "./mail-texts.ts";

/** What the subscribe action answers: the same sentence for every accepted address (no address discovery). */
export type SubscribeResult = FormResult & { done?: string };

/** One checkbox per list, as the form's schema names them (app/mail/forms.ts); beach alerts ticked to start with. */
const LISTS = SUBSCRIBER_LISTS.map((list) => ({ name: `list-${list}` as const, label: LIST_LABELS[list], checked: list === "beach" }));

/**
 * A beach a subscriber of beach alerts may choose (issue 27), as the root loader gives it: its checkbox's name
 * (`beach-<site id>`), the beach's name, ticked to start with.
 */
export interface BeachChoice {
  name: `beach-${string}`;
  label: string;
  checked: boolean;
}

/**
 * "Get beach alerts and news" (issue 11): an email address and the lists wanted, posted to /subscribe. With
 * JavaScript the answer shows in place (a fetcher); without it the browser goes to /subscribe, which answers the
 * same way. Ids come from `useId`, so the form may appear twice on a page. With several beaches (issue 27), a
 * checkbox per beach, named `beach-<site id>`, says whose alerts the beach list brings.
 */
export function SubscribeForm({ headingLevel = 2, result: given }: { headingLevel?: 2 | 3; result?: SubscribeResult | undefined }) {
  const fetcher = useFetcher<SubscribeResult>();
  const id = useId();
  const result = fetcher.data ?? given;
  const busy = fetcher.state !== "idle";
  const Heading = `h${headingLevel}` as const;
  const emailError = result?.fieldErrors?.email;
  const beaches = (useRouteLoaderData("root") as { beaches?: BeachChoice[] } | undefined)?.beaches ?? [];
  const FormTag = fetcher.Form as typeof Form;
  if (result?.done) {
    return (
      <section className="subscribe card" aria-labelledby={`${id}-h`}>
        <Heading id={`${id}-h`}>Get beach alerts and news</Heading>
        <p className="success" role="status">
          {result.done}
        </p>
      </section>
    );
  }
  return (
    <section className="subscribe card" aria-labelledby={`${id}-h`}>
      <Heading id={`${id}-h`}>Get beach alerts and news</Heading>
      <p className="muted" id={`${id}-hint`}>
        An email when the beach status changes, and news and events if you like. We send a link to confirm first; every
        mail has a link to unsubscribe.
      </p>
      <FormTag method="post" action="/subscribe" className="stack" noValidate>
        <div>
          <label htmlFor={`${id}-email`}>Email address</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={result?.values?.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : `${id}-hint`}
          />
          {emailError && (
            <p className="field-error" id={`${id}-email-error`}>
              {emailError}
            </p>
          )}
        </div>
        {[
          { key: "lists", legend: "Send me", items: LISTS },
          // With several beaches (issue 27): whose beach alerts, every beach ticked to start with.
          ...(beaches.length > 1 ? [{ key: "beaches", legend: "Beach status alerts for", items: beaches }] : []),
        ].map(({ key, legend, items }) => {
          const error = result?.fieldErrors?.[key];
          return (
            <fieldset key={key} aria-describedby={error ? `${id}-${key}-error` : undefined}>
              <legend>{legend}</legend>
              {items.map((item) => (
                <label key={item.name} className="checkbox">
                  <input type="checkbox" name={item.name} defaultChecked={result?.values ? result.values[item.name] === "on" : item.checked} />{" "}
                  {item.label}
                </label>
              ))}
              {error && (
                <p className="field-error" id={`${id}-${key}-error`}>
                  {error}
                </p>
              )}
            </fieldset>
          );
        })}
        {result?.formError && (
          <p className="alert" role="alert">
            {result.formError}
          </p>
        )}
        <p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Subscribing…" : "Subscribe"}
          </button>
        </p>
      </FormTag>
    </section>
  );
}
