import type { Route } from "./+types/meetboard";
import { Picture } from "#app/ui/Picture.tsx";
import { getServices } from "#app/web/context.server.ts";
import { getImages } from "#app/platform/files/images.server.ts";
import { markdownFor } from "#app/platform/http/page-html.server.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { boardMembers, bylawsArticles } from "#app/site/data/site-content.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { numberWord } from "#app/platform/text/number-words.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, "Meet the Board", boardDescription(loaderData?.members.length ?? 0));
}

/** "The association's six board members and its bylaws.": the count follows the list shown, in words (issue 28). */
function boardDescription(count: number): string {
  const members = count === 0 ? "board" : count === 1 ? "one board member" : `${numberWord(count)} board members`;
  return `The association's ${members} and its bylaws.`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const md = markdownFor(context);
  const [members, articles, numbers] = await Promise.all([boardMembers.all(db), bylawsArticles.all(db), getAssociationNumbers(db)]);
  const photos = await getImages(db, members.map((m) => m.data.photoId));
  return {
    members: members.map((m) => ({ id: m.id, name: m.data.name, title: m.data.title, photo: (m.data.photoId && photos.get(m.data.photoId)) || null })),
    bylaws: articles.map((a) => ({ id: a.id, number: a.data.number, title: a.data.title, sections: md(fillNumbers(a.data.sections, numbers)) })),
  };
}

export default function MeetBoard({ loaderData }: Route.ComponentProps) {
  const { members, bylaws } = loaderData;
  return (
    <>
      <h1>Meet the Board</h1>
      {members.length === 0 && <p className="empty">The board has not been listed yet.</p>}
      <ul className="board">
        {members.map((m, index) => (
          <li key={m.id}>
            {/* The first row is in view when the page opens, even on a phone: fetched at once, not lazily. */}
            {m.photo && <Picture image={m.photo} sizes="8rem" priority={index < 2} />}
            <h2 className="member-name">{m.name}</h2>
            <p className="muted">{m.title}</p>
          </li>
        ))}
      </ul>
      <h2>Bylaws</h2>
      {bylaws.length === 0 && <p className="empty">The bylaws have not been published yet.</p>}
      {bylaws.map((article) => (
        <details key={article.id} id={`bylaws-${article.id}`}>
          <summary>
            {article.number}: {article.title}
          </summary>
          <Markdown className="details-body" html={article.sections} />
        </details>
      ))}
    </>
  );
}
