import { useId } from "react";
import { Form, useFetcher, useRouteLoaderData } from "react-router";
import type { FormResult } from "#app/platform/text/forms.ts";
import type { SubscribeChoiceGroup } from "./subscribe-choices.ts";

/** What the subscribe action answers: the same sentence for every accepted address (no address discovery). */
export type SubscribeResult = FormResult & { done?: string };

/**
 * "Get beach alerts and news" (issue 11): an email address and the lists wanted, posted to /subscribe. With
 * JavaScript the answer shows in place (a fetcher); without it the browser goes to /subscribe, which answers the
 * same way. Ids come from `useId`, so the form may appear twice on a page. Its checkboxes come from the root loader
 * (`subscribeChoices`): the lists, and with several beaches (issue 27) a checkbox per beach, whose alerts.
 */
export function SubscribeForm({ headingLevel = 2, result: given }: { headingLevel?: 2 | 3; result?: SubscribeResult | undefined }) {
  const fetcher = useFetcher<SubscribeResult>();
  const id = useId();
  const result = fetcher.data ?? given;
  const busy = fetcher.state !== "idle";
  const Heading = `h${headingLevel}` as const;
  const emailError = result?.fieldErrors?.email;
  const groups = (useRouteLoaderData("root") as { subscribe?: SubscribeChoiceGroup[] } | undefined)?.subscribe ?? [];
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
        {groups.map(({ key, legend, items }) => {
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
