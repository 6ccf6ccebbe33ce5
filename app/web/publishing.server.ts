/**
 * What the News Posts and Events screens share for publishing (issue 26 part 3, decision 025): the list's
 * publication state of each row, the form's publishing values and choice of mail, the save with the board's
 * "Publish" choice, and the "Preview the email" and "Send me a test first" actions. The workflows are the
 * domain's (`saveNewsPost`, `saveEvent`, `previewMail`, `sendTestMail` in app/news-events/announcements.server.ts).
 */
import { data } from "react-router";
import type { z } from "zod";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { mailChoice, sendTestMail, type ListMail, type PublishRequest } from "#app/news-events/announcements.server.ts";
import { splitPublication, type PublicationInput } from "#app/news-events/forms.ts";
import { instantOf, isPublic, localTimeOf, publicAuthor, publicationState, stateLabel, type Publication } from "#app/news-events/publication.ts";
import type { MailPreviewResult, PublishingData } from "#app/news-events/PublishFields.tsx";
import { parseForm } from "#app/platform/text/forms.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { adminRequest, displayNameOf, type AdminArgs, type Writer } from "./admin-screens.server.ts";
import type { SignedInUser } from "./context.server.ts";
import type { Services } from "./services.server.ts";

/**
 * The `create` and `update` of a published item's list model (news posts, events): the form's "Publish" and mail
 * choices are split from the item, checked, and saved with it by `save` (`saveNewsPost`, `saveEvent`); a plain save
 * publishes now (decision 025).
 * @throws RangeError with the form's message when "At a set time" has no readable time
 */
export function publishedItemWrites<Input extends PublicationInput>(
  save: (services: Services, id: string | null, item: Omit<Input, keyof PublicationInput>, publish: PublishRequest, by: Writer) => Promise<unknown>,
): {
  create: (services: Services, input: Input, by: Writer) => Promise<void>;
  update: (db: Services["db"], id: string, input: Input, by: Writer, services: Services) => Promise<boolean>;
} {
  const saved = async (services: Services, id: string | null, input: Input, by: Writer) => {
    const { item, publication } = splitPublication(input);
    const publish = await publishRequest(services, publication);
    if ("error" in publish) throw new RangeError(publish.error);
    return save(services, id, item, publish, by);
  };
  return {
    create: async (services, input, by) => void (await saved(services, null, input, by)),
    update: async (_db, id, input, by, services) => (await saved(services, id, input, by)) !== null,
  };
}

/** The list's "Status" of a row: "Draft", "Scheduled for …" or "Published", at `now` in `timeZone`. */
export function statusOf(item: Publication, timeZone: string, now = Date.now()): string {
  return stateLabel(publicationState(item, now), timeZone);
}

/**
 * The author a new item's form starts with: the signed-in person's display name, or the association's name when
 * they have none yet (never an email address, issue 26).
 */
export function defaultAuthor(user: SignedInUser, associationName: string): string {
  return publicAuthor(displayNameOf(user), associationName);
}

/** The publishing values an item's edit form opens with: its choice, its set time (local), its pending mail choice. */
export function publishingValues(item: (Publication & { mailOnPublish: number }) | undefined, timeZone: string, now = Date.now()): Record<string, string> {
  if (!item) return { publish: "now", publishAt: "", announce: "" };
  const state = publicationState(item, now);
  return {
    publish: state.kind === "draft" ? "draft" : state.kind === "scheduled" ? "at" : "now",
    publishAt: state.kind === "scheduled" ? localTimeOf(item.publishAt, timeZone) : "",
    announce: item.mailOnPublish ? "on" : "",
  };
}

/**
 * The publishing part of a list screen's loader: when the edit form is open, what its "Publishing" fields show, and
 * its publishing values (and, for a new item, the author) filled in.
 * @param get reads the item being edited
 */
export async function loadPublishing<Row extends Publication & { mailOnPublish: number }>(
  services: Services,
  user: SignedInUser,
  list: "news" | "events",
  editing: { id: string | null; values: Record<string, string> } | null,
  get: (id: string) => Promise<Row | undefined>,
): Promise<{ publishing: PublishingData | null; editing: { id: string | null; values: Record<string, string> } | null }> {
  if (!editing) return { publishing: null, editing };
  const { name, timeZone } = await getAssociationDetails(services.db);
  const item = editing.id ? await get(editing.id) : undefined;
  const choice = await mailChoice(services.db, list, editing.id);
  const values = { ...editing.values, ...publishingValues(item, timeZone) };
  if (!editing.id) values.author = defaultAuthor(user, name);
  return {
    publishing: { list, subscribers: choice.subscribers, announced: choice.announced, published: item ? isPublic(item, Date.now()) : false, timeZone },
    editing: { ...editing, values },
  };
}

/**
 * The board's publishing choice as the save takes it: the set time read in the association's time zone.
 * @returns the request, or a field error for a set time that is not a real time
 */
export async function publishRequest(services: Services, publication: PublicationInput): Promise<PublishRequest | { error: string }> {
  if (publication.publish !== "at") return { choice: publication.publish, at: null, mail: publication.announce };
  const { timeZone } = await getAssociationDetails(services.db);
  const at = instantOf(publication.publishAt, timeZone);
  if (at === null) return { error: "Please enter the date and time to publish at" };
  return { choice: "at", at, mail: publication.announce };
}

/**
 * "Preview the email" (`intent=preview`) and "Send me a test first" (`intent=test`) of a news or event form: the
 * form is checked with its schema, the mail composed as the list would get it, and either shown under the form or
 * queued to the signed-in person alone. Every field comes back as typed.
 * @param compose the list mail for the form's item (the domain's composition)
 */
export async function mailPreviewAction<S extends z.ZodType>(
  args: AdminArgs,
  fields: Record<string, string>,
  schema: (user: SignedInUser, today: string, associationName: string) => S,
  compose: (services: Services, item: Omit<z.output<S>, keyof PublicationInput>, id: string | null) => Promise<ListMail>,
) {
  const { user, services } = adminRequest(args);
  const details = await getAssociationDetails(services.db);
  const parsed = parseForm(schema(user, todayIn(details.timeZone), details.name), fields);
  if (!parsed.ok) return data<MailPreviewResult>(parsed.result, { status: 400 });
  const { item } = splitPublication(parsed.data as z.output<S> & PublicationInput);
  const mail = await compose(services, item, fields.id || null);
  if (fields.intent === "test") {
    const sent = await sendTestMail(services, mail, user.email);
    const notice = sent ? `A test was sent to ${user.email} only. Nothing went to the subscribers.` : `${user.email} bounced mail before, so no test was sent.`;
    return data<MailPreviewResult>({ values: fields, notice });
  }
  return data<MailPreviewResult>({ values: fields, preview: { subject: mail.subject, text: mail.text } });
}
