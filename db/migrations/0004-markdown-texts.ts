/**
 * News posts' texts and events' details become Markdown (issue 10 part 3, decision 008). Until now they were plain
 * text shown as typed (line breaks kept); from now on they are rendered by `renderMarkdown`. So that every existing
 * text reads the same after the upgrade, each is rewritten by `plainTextToMarkdown`: everything Markdown would
 * take as formatting is escaped. Transforms data only; runs on SQLite and PostgreSQL alike (one SELECT and one
 * UPDATE per changed row, in the migration's transaction).
 *
 * The function is kept here, frozen with the migration, rather than shared with the app: a later change to the app
 * must not change what this released step does.
 */
import { type Kysely } from "kysely";

/** Characters with an inline meaning somewhere in Markdown (markdown-it's default preset): escaped wherever they are. */
const INLINE = /[\\`*_#[\]()!<>|~]/g;
/** An `&` that would start an entity (`&amp;`, `&#38;`, `&#x26;`): escaped, so it shows as typed. */
const ENTITY = /&(?=#?[A-Za-z0-9]+;)/g;
/** What starts a block at the beginning of a line, once the inline characters are escaped: -, +, = and "1." / "1)". */
const LINE_START = /^(\u00a0*)(?:([-+=])|(\d{1,9})([.)]))/;

/**
 * A plain text as Markdown that `renderMarkdown` (breaks: true) shows with the same visible text: line breaks stay line
 * breaks, blank lines separate paragraphs, and nothing becomes emphasis, a link, an image, a heading, a list, a quote,
 * a code span or block, a table or an entity. Backslash-escapes every Markdown punctuation character (`\ ` * _ # [ ]
 * ( ) ! < > | ~`, and `&` before an entity name), escapes `-`, `+`, `=` and `1.`/`1)` at the start of a line, and turns
 * a line's leading spaces into no-break spaces (a tab into four) so indentation neither makes a code block nor is
 * dropped. Windows line ends become `\n`; a line of only spaces becomes empty. Pure; "" stays "".
 */
export function plainTextToMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => {
      if (line.trim() === "") return "";
      const indent = /^[ \t]*/.exec(line)![0];
      const body = line.slice(indent.length).replace(INLINE, "\\$&").replace(ENTITY, "\\&");
      const escaped = indent.replace(/\t/g, "    ").replace(/ /g, "\u00a0") + body;
      return escaped.replace(LINE_START, (_all, nbsp: string, mark?: string, digits?: string, dot?: string) => (mark ? `${nbsp}\\${mark}` : `${nbsp}${digits}\\${dot}`));
    })
    .join("\n");
}

type Texts = { news_post: { id: string; text: string }; event: { id: string; eventDetails: string } };

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<Texts>;
  for (const post of await k.selectFrom("news_post").select(["id", "text"]).execute()) {
    const text = plainTextToMarkdown(post.text);
    if (text !== post.text) await k.updateTable("news_post").set({ text }).where("id", "=", post.id).execute();
  }
  for (const event of await k.selectFrom("event").select(["id", "eventDetails"]).execute()) {
    const eventDetails = plainTextToMarkdown(event.eventDetails);
    if (eventDetails !== event.eventDetails) await k.updateTable("event").set({ eventDetails }).where("id", "=", event.id).execute();
  }
}
