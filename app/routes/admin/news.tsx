import type { Route } from "./+types/news";
import type { z } from "zod";
import { dateColumn, titleColumn, type Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { adminRequest, displayNameOf, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { loadPublishing, mailPreviewAction, publishedItemWrites, statusOf } from "#app/web/publishing.server.ts";
import { newsPostFormSchema } from "#app/news-events/forms.ts";
import { previewMail, saveNewsPost } from "#app/news-events/announcements.server.ts";
import { PublishFields, type MailPreviewResult } from "#app/news-events/PublishFields.tsx";
import { formFields } from "#app/platform/text/forms.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { deleteNewsPost, deleteNewsPosts, getNewsPost, NEWS_SORTS, pageNews, type NewsPost, type NewsSort } from "#app/news-events/data/news.server.ts";
import { screen, screenMeta } from "./screens.ts";
import { PLACEHOLDER_HINT } from "#app/site/placeholders.ts";

const SCREEN = screen("news");
const BASE = "/admin/news";

export function meta() {
  return screenMeta(SCREEN);
}

type NewsForm = z.output<ReturnType<typeof newsPostFormSchema>>;

const news: ListScreen<NewsPost, NewsForm, NewsSort, Record<string, string>> = {
  base: BASE,
  noun: "news post",
  model: {
    sorts: NEWS_SORTS,
    page: pageNews,
    get: getNewsPost,
    // The board's "Publish" choice and mail choice go with the post (decision 025); a plain save publishes now.
    ...publishedItemWrites(saveNewsPost),
    remove: ({ db }, id) => deleteNewsPost(db, id),
    removeMany: ({ db }, ids) => deleteNewsPosts(db, ids),
  },
  plural: ["news post", "news posts"],
  schema: (user, today) => newsPostFormSchema(today, displayNameOf(user)),
  blank: (user, today) => ({ title: "", text: "", date: today, author: displayNameOf(user) }),
  toForm: (post) => ({ title: post.title, text: post.text, date: post.date, author: post.author }),
  messages: { delete: "Failed to delete post. Please try again.", save: "Failed to save post. Please try again." },
};

export async function loader(args: Route.LoaderArgs) {
  const { services, user } = adminRequest(args);
  const timeZone = await getTimeZone(services.db);
  const now = Date.now();
  const list = await loadList(args, news, (p) => ({ id: p.id, title: p.title, date: p.date, author: p.author, status: statusOf(p, timeZone, now) }));
  return { ...list, ...(await loadPublishing(services, user, "news", list.editing, (id) => getNewsPost(services.db, id))) };
}

export async function action(args: Route.ActionArgs) {
  adminRequest(args); // a guest is sent to /login before the form is read
  const fields = formFields(await args.request.formData());
  if (fields.intent === "preview" || fields.intent === "test") {
    return mailPreviewAction(args, fields, (user, today, name) => newsPostFormSchema(today, displayNameOf(user) || name), (services, post) =>
      previewMail(services.db, services.config.publicUrl, { kind: "news", post }),
    );
  }
  return listAction(args, news, fields);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, NewsSort>[] = [
  dateColumn("newest", "oldest"),
  titleColumn("title"),
  { header: "Author", cell: (p) => p.author },
  { header: "Status", cell: (p) => p.status },
];

const FIELDS: FieldSpec[] = [
  { name: "title", label: "Title" },
  { name: "date", label: "Date", type: "date" },
  { name: "author", label: "Author" },
  { name: "text", label: "Text", rows: 8, type: "markdown", hint: PLACEHOLDER_HINT },
];

export default function AdminNews({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MailPreviewResult | undefined;
  const { publishing, editing } = loaderData;
  return (
    <ListScreenView
      heading={SCREEN.heading}
      base={BASE}
      {...loaderData}
      result={result}
      columns={COLUMNS}
      fields={FIELDS}
      empty={SCREEN.emptyText ?? ""}
      noun="Post"
      plural="posts"
      extraFields={
        publishing &&
        editing && <PublishFields data={publishing} values={editing.values} result={result} />
      }
    />
  );
}
