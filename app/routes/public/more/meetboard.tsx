import type { Route } from "./+types/meetboard";
import { board } from "#content/board.ts";
import { bylaws } from "#content/bylaws.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { CACHEABLE_PAGE } from "#app/lib/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Meet the Board", "The association's five board members and its bylaws.");
}

export default function MeetBoard() {
  const members = [...board].sort((a, b) => a.order - b.order);
  return (
    <>
      <h1>Meet the Board</h1>
      <ul className="board">
        {members.map((m) => (
          <li key={m.name}>
            <img src={m.image} alt={`Portrait of ${m.name}`} width="160" height="160" loading="lazy" decoding="async" />
            <h2 className="member-name">{m.name}</h2>
            <p className="muted">{m.title}</p>
          </li>
        ))}
      </ul>
      <h2>Bylaws</h2>
      {bylaws.map((article) => (
        <details key={article.number}>
          <summary>
            {article.number}: {article.title}
          </summary>
          <div className="details-body">
            {article.sections.map((section, i) => (
              <p key={i}>
                {section.heading && <strong>{section.heading}. </strong>}
                {section.text}
              </p>
            ))}
          </div>
        </details>
      ))}
    </>
  );
}
