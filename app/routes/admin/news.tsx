import type { Route } from "./+types/news";
import { dateColumn, titleColumn, type Column } from "#app/ui/AdminList.tsx";
import { ListScreenView, type FieldSpec } from "#app/ui/ListScreenView.tsx";
import { authorOf, listAction, loadList, type ListScreen } from "#app/web/admin-screens.server.ts";
import { newsPostSchema } from "#app/news-events/forms.ts";
import { publishNewsPost } from "#app/news-events/announcements.server.ts";
import { deleteNewsPost, deleteNewsPosts, getNewsPost, NEWS_SORTS, pageNews, updateNewsPost, type NewsPost, type NewsPostInput, type NewsSort } from "#app/news-events/data/news.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("news");
const BASE = "/admin/news";

export function meta() {
  return screenMeta(SCREEN);
}

const news: ListScreen<NewsPost, NewsPostInput, NewsSort, Record<keyof NewsPostInput, string>> = {
  base: BASE,
  noun: "news post",
  model: {
    sorts: NEWS_SORTS,
    page: pageNews,
    get: getNewsPost,
    create: async (services, input, by) => {
      await publishNewsPost(services, input, by);
    },
    update: (db, id, input) => updateNewsPost(db, id, input),
    remove: ({ db }, id) => deleteNewsPost(db, id),
    removeMany: ({ db }, ids) => deleteNewsPosts(db, ids),
  },
  plural: ["news post", "news posts"],
  schema: (user, today) => newsPostSchema(today, authorOf(user)),
  blank: (user, today) => ({ title: "", text: "", date: today, author: authorOf(user) }),
  toForm: (post) => ({ title: post.title, text: post.text, date: post.date, author: post.author }),
  messages: { delete: "Failed to delete post. Please try again.", save: "Failed to save post. Please try again." },
};

export function loader(args: Route.LoaderArgs) {
  return loadList(args, news, (p) => ({ id: p.id, title: p.title, date: p.date, author: p.author }));
}

export function action(args: Route.ActionArgs) {
  return listAction(args, news);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const COLUMNS: Column<Row, NewsSort>[] = [
  dateColumn("newest", "oldest"),
  titleColumn("title"),
  { header: "Author", cell: (p) => p.author },
];

const FIELDS: FieldSpec[] = [
  { name: "title", label: "Title" },
  { name: "date", label: "Date", type: "date" },
  { name: "author", label: "Author" },
  { name: "text", label: "Text", rows: 8, type: "markdown" },
];

export default function AdminNews({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListScreenView heading={SCREEN.heading} base={BASE} {...loaderData} result={actionData} columns={COLUMNS} fields={FIELDS} empty={SCREEN.emptyText ?? ""} noun="Post" plural="posts" />
  );
}
