import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/news";
import { association } from "#content/association.ts";
import { ConfirmModal } from "#app/components/ConfirmModal.tsx";
import { Modal } from "#app/components/Modal.tsx";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { todayIn } from "#app/lib/dates.ts";
import { shortDate } from "#app/lib/format.ts";
import { fieldErrors, formFields, newsPostSchema } from "#app/lib/forms.ts";
import { createNewsPost, deleteNewsPost, getNewsPost, listNews, updateNewsPost } from "#app/models/news.server.ts";
import { FieldError } from "#app/components/FieldError.tsx";

export function meta() {
  return [{ title: "News Posts · Admin" }];
}

const BASE = "/admin/news";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdmin(context, request);
  const { db } = getServices(context);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const posts = await listNews(db);
  const today = todayIn(association.timeZone);
  let editing = null;
  if (editId === "new") editing = { id: null, title: "", text: "", date: today, author: user.email || "Anonymous" };
  else if (editId) {
    const post = await getNewsPost(db, editId);
    if (post) editing = { id: post.id, title: post.title, text: post.text, date: post.date, author: post.author };
  }
  const deleting = deleteId ? (posts.find((p) => p.id === deleteId) ?? null) : null;
  return { posts: posts.map((p) => ({ id: p.id, title: p.title, date: p.date, author: p.author })), editing, deleting };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const { db, logger } = getServices(context);
  const form = formFields(await request.formData());
  if (form.intent === "delete") {
    try {
      if (!form.id || !(await deleteNewsPost(db, form.id))) throw new Error("no such post");
    } catch (error) {
      logger.warn({ err: error, id: form.id }, "news post delete failed");
      return data({ error: "Failed to delete post. Please try again.", fields: null, values: null }, { status: 400 });
    }
    return redirect(BASE);
  }
  const parsed = newsPostSchema(todayIn(association.timeZone), user.email || "Anonymous").safeParse(form);
  // What was typed goes back with the errors, so that nothing is lost.
  if (!parsed.success) return data({ error: null, fields: fieldErrors(parsed.error), values: form }, { status: 400 });
  if (form.id) {
    if (!(await updateNewsPost(db, form.id, parsed.data))) {
      return data({ error: "Failed to save post. Please try again.", fields: null, values: form }, { status: 404 });
    }
  } else {
    await createNewsPost(db, parsed.data, user.id);
  }
  return redirect(BASE);
}

export default function AdminNews({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, deleting } = loaderData;
  const editing = loaderData.editing && actionData?.values ? { ...loaderData.editing, ...actionData.values } : loaderData.editing;
  const busy = useNavigation().state === "submitting";
  const fields: Record<string, string | undefined> = actionData?.fields ?? {};
  return (
    <>
      <div className="admin-head">
        <h1>News Posts</h1>
        <Link className="button" to={`${BASE}?edit=new`} preventScrollReset>
          Add Post
        </Link>
      </div>
      {actionData?.error && (
        <p className="alert" role="alert">
          {actionData.error}
        </p>
      )}
      {posts.length === 0 ? (
        <p className="empty">We couldn't find any News Posts!</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Title</th>
                <th scope="col">Author</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id}>
                  <td>
                    <time dateTime={post.date}>{shortDate(post.date)}</time>
                  </td>
                  <td>{post.title || <em className="muted">(no title)</em>}</td>
                  <td>{post.author}</td>
                  <td className="actions">
                    <Link className="button small secondary" to={`${BASE}?edit=${post.id}`} preventScrollReset>
                      Edit<span className="visually-hidden"> {post.title}</span>
                    </Link>
                    <Link className="button small secondary" to={`${BASE}?delete=${post.id}`} preventScrollReset>
                      Delete<span className="visually-hidden"> {post.title}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editing && (
        <Modal title={editing.id ? "Edit Post" : "Add a New Post"} closeTo={BASE}>
          <Form method="post" className="stack" key={editing.id ?? "new"}>
            {editing.id && <input type="hidden" name="id" value={editing.id} />}
            <div>
              <label htmlFor="title">Title</label>
              <input id="title" name="title" defaultValue={editing.title} maxLength={300} />
              {fields.title && <p className="field-error">{fields.title}</p>}
            </div>
            <div>
              <label htmlFor="date">Date</label>
              <input id="date" name="date" type="date" defaultValue={editing.date} aria-describedby={fields.date ? "date-error" : undefined} />
              <FieldError id="date-error" message={fields.date} />
            </div>
            <div>
              <label htmlFor="author">Author</label>
              <input id="author" name="author" defaultValue={editing.author} maxLength={200} />
            </div>
            <div>
              <label htmlFor="text">Text</label>
              <textarea id="text" name="text" rows={8} defaultValue={editing.text} />
            </div>
            <div className="button-row">
              <button type="submit" name="intent" value="save" className="button" disabled={busy}>
                {editing.id ? "Save Changes" : "Add Post"}
              </button>
              <Link className="button secondary" to={BASE} preventScrollReset>
                Cancel
              </Link>
            </div>
          </Form>
        </Modal>
      )}

      {deleting && (
        <ConfirmModal title="Delete this post?" id={deleting.id} intent="delete" confirmLabel="Delete" closeTo={BASE}>
          <p>“{deleting.title || "(no title)"}” will be deleted from the site. This cannot be undone.</p>
        </ConfirmModal>
      )}
    </>
  );
}
