/**
 * The checkboxes of the subscribe form (issue 11; issue 27: whose beach alerts), decided on the server and handed to
 * the form by the root loader: the form's own code then carries no list of lists or beaches, so that every public
 * page's first-load JavaScript stays as it was.
 */
import { LIST_LABELS, SUBSCRIBER_LISTS } from "./mail-texts.ts";

/** One checkbox: its field name (as the form's schema names it, app/mail/forms.ts), its label, ticked to start with. */
export interface SubscribeChoice {
  name: string;
  label: string;
  checked: boolean;
}

/** A fieldset of the form: its key (the field error it shows), its legend and its checkboxes. */
export interface SubscribeChoiceGroup {
  key: "lists" | "beaches";
  legend: string;
  items: SubscribeChoice[];
}

/**
 * The form's fieldsets: "Send me" with a checkbox per list (`list-beach`, `list-news`, `list-events`; beach alerts
 * ticked), and with two beaches or more "Beach status alerts for" with a checkbox per beach (`beach-<site id>`,
 * every one ticked).
 * @param beaches the beaches in the board's order
 */
export function subscribeChoices(beaches: readonly { id: string; name: string }[]): SubscribeChoiceGroup[] {
  const lists: SubscribeChoiceGroup = {
    key: "lists",
    legend: "Send me",
    items: SUBSCRIBER_LISTS.map((list) => ({ name: `list-${list}`, label: LIST_LABELS[list], checked: list === "beach" })),
  };
  if (beaches.length < 2) return [lists];
  return [lists, { key: "beaches", legend: "Beach status alerts for", items: beaches.map((b) => ({ name: `beach-${b.id}`, label: b.name, checked: true })) }];
}
