import type { Route } from "./+types/news";
import { association } from "#content/association.ts";
import { AdminList, type Column } from "#app/components/AdminList.tsx";
import { ConfirmModal } from "#app/components/ConfirmModal.tsx";
import { EditModal, ListHead } from "#app/components/EditModal.tsx";
import { FormAlert, FormField } from "#app/components/FormField.tsx";
import { authorOf, listAction, loadList, type ListScreen } from "#app/lib/admin.server.ts";
import { todayIn } from "#app/lib/dates.ts";
import { shortDate } from "#app/lib/format.ts";
import { newsPostSchema } from "#app/lib/forms.ts";
import { listHref } from "#app/lib/list-query.ts";
import { createNewsPost, deleteNewsPost, getNewsPost, NEWS_SORTS, pageNews, updateNewsPost, type NewsPost, type NewsPostInput, type NewsSort } from "#app/models/news.server.ts";
import { screen } from "./screens.ts";

const SCREEN = screen("news");
const BASE = "/admin/news";

export function meta() {
  return [{ title: `${SCREEN.heading} · Admin` }];
}

const news: ListScreen<NewsPost, NewsPostInput, NewsSort, Record<"title" | "text" | "date" | "author", string>> = {
  base: BASE,
  noun: "news post",
  model: {
    sorts: NEWS_SORTS,
    page: pageNews,
    get: getNewsPost,
    create: createNewsPost,
    update: updateNewsPost,
    remove: ({ db }, id) => deleteNewsPost(db, id),
  },
  schema: (user) => newsPostSchema(todayIn(association.timeZone), authorOf(user)),
  blank: (user) => ({ title: "", text: "", date: todayIn(association.timeZone), author: authorOf(user) }),
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
  {
    header: "Date",
    cell: (p) => <time dateTime={p.date}>{shortDate(p.date)}</time>,
    sorts: [
      { key: "newest", label: "newest first", direction: "descending" },
      { key: "oldest", label: "oldest first", direction: "ascending" },
    ],
  },
  { header: "Title", cell: (p) => p.title || <em className="muted">(no title)</em>, sorts: [{ key: "title", label: "by title", direction: "ascending" }] },
  { header: "Author", cell: (p) => p.author },
];

export default function AdminNews({ loaderData, actionData }: Route.ComponentProps) {
  const { list, here, editing, deleting, limits } = loaderData;
  const field = { limits, result: actionData };
  return (
    <>
      <ListHead heading={SCREEN.heading} addLabel="Add Post" addTo={listHref(BASE, list, { edit: "new" })} />
      {!editing && <FormAlert result={actionData} />}
      <AdminList
        list={list}
        base={BASE}
        columns={COLUMNS}
        empty={SCREEN.emptyText ?? ""}
        rowName={(p) => p.title}
        actions={[
          { label: "Edit", param: "edit" },
          { label: "Delete", param: "delete" },
        ]}
        noun={["post", "posts"]}
      />
      {editing && (
        <EditModal title={editing.id ? "Edit Post" : "Add a New Post"} closeTo={here} id={editing.id} submitLabel={editing.id ? "Save Changes" : "Add Post"}>
          <FormAlert result={actionData} />
          <FormField name="title" label="Title" {...field} defaultValue={editing.values.title} />
          <FormField name="date" label="Date" type="date" {...field} defaultValue={editing.values.date} />
          <FormField name="author" label="Author" {...field} defaultValue={editing.values.author} />
          <FormField name="text" label="Text" rows={8} {...field} defaultValue={editing.values.text} />
        </EditModal>
      )}
      {deleting && (
        <ConfirmModal title="Delete this post?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={here}>
          <p>“{deleting.title || "(no title)"}” will be deleted from the site. This cannot be undone.</p>
        </ConfirmModal>
      )}
    </>
  );
}
