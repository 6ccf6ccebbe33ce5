import type { FormResult } from "#app/platform/text/forms.ts";
import { LIST_LABELS } from "#app/mail/mail-texts.ts";

/** What the publishing part of a news or event form shows, from its screen's loader and action. */
export interface PublishingData {
  /** "news" or "events": the list the item may be mailed to. */
  list: "news" | "events";
  /** Confirmed subscribers of that list now. */
  subscribers: number;
  /** The item has been mailed to its list already (the choice is not offered again). */
  announced: boolean;
  /** The item is public already (its "Publish" choice reads "Keep it published"). */
  published: boolean;
  /** The association's IANA time zone, in which the set time is read. */
  timeZone: string;
}

/** What the action answers "Preview the email" and "Send me a test first" with, besides the form's values. */
export interface MailPreviewResult extends FormResult {
  preview?: { subject: string; text: string };
  /** A line saying what was done ("A test was sent to …"). */
  notice?: string;
}

/**
 * The publishing part of the news and event forms (issue 26 part 3, decision 025): "Publish" (now, at a set time,
 * save as draft), the set time, the explicit "Email this to the N … subscribers" choice (unchecked unless the board
 * checks it; not offered once the item was mailed), "Preview the email" and "Send me a test first". All of it works
 * as a plain form post; the preview and the test keep every field as typed.
 *
 * The form's first button is a hidden copy of its save button, so that Enter in a field saves, as it did before the
 * preview buttons came (the default button of a form is its first submit button).
 */
export function PublishFields({ data, values, result }: { data: PublishingData; values: Record<string, string>; result: MailPreviewResult | undefined }) {
  const value = (name: string) => result?.values?.[name] ?? values[name] ?? "";
  const errorAt = result?.fieldErrors?.publishAt;
  const listName = LIST_LABELS[data.list].toLowerCase();
  // Checked only when this form was sent with it checked (a preview, a refused save) or a set time waits with it.
  const checked = (result?.values ? result.values.announce : values.announce) === "on";
  return (
    <>
      <DefaultSave />
      <fieldset className="stack publish-fields">
        <legend>Publishing</legend>
        <div>
          <label htmlFor="publish">Publish</label>
          <select id="publish" name="publish" defaultValue={value("publish") || "now"}>
            <option value="now">{data.published ? "Keep it published" : "Now"}</option>
            <option value="at">At a set time</option>
            <option value="draft">Save as draft (not on the site)</option>
          </select>
        </div>
        <div>
          <label htmlFor="publishAt">Publish at</label>
          <input
            type="datetime-local"
            id="publishAt"
            name="publishAt"
            defaultValue={value("publishAt")}
            aria-invalid={errorAt ? true : undefined}
            aria-describedby={["publishAt-hint", errorAt ? "publishAt-error" : ""].filter(Boolean).join(" ")}
          />
          <p id="publishAt-hint" className="muted">
            For “At a set time”, in the association’s time zone ({data.timeZone.replaceAll("_", " ")}).
          </p>
          {errorAt && (
            <p id="publishAt-error" className="field-error">
              {errorAt}
            </p>
          )}
        </div>
        {data.announced ? (
          <p className="muted">This was emailed to the {listName} subscribers when it was published; it is not sent again.</p>
        ) : (
          <>
            <div className="checkbox">
              <input type="checkbox" id="announce" name="announce" value="on" defaultChecked={checked} />
              <label htmlFor="announce">
                Email this to the {data.subscribers} {listName} {data.subscribers === 1 ? "subscriber" : "subscribers"}
              </label>
            </div>
            <p className="muted">Sent when it is published (at once, or at the set time); never twice.</p>
            <div className="button-row">
              <button type="submit" name="intent" value="preview" className="button secondary" formNoValidate>
                Preview the email
              </button>
              <button type="submit" name="intent" value="test" className="button secondary" formNoValidate>
                Send me a test first
              </button>
            </div>
          </>
        )}
        {result?.notice && (
          <p className="notice" role="status">
            {result.notice}
          </p>
        )}
        {result?.preview && (
          <section className="mail-preview" aria-labelledby="mail-preview-heading">
            <h3 id="mail-preview-heading">The email as subscribers get it</h3>
            <p>
              <strong>Subject:</strong> {result.preview.subject}
            </p>
            <pre>{result.preview.text}</pre>
          </section>
        )}
      </fieldset>
    </>
  );
}

/** The form's default button (first in the form, unseen), so that Enter in a field saves rather than previews. */
function DefaultSave() {
  return (
    <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
      Save
    </button>
  );
}
