import { data } from "react-router";
import type { Route } from "./+types/search";
import { getServices } from "#app/web/context.server.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { searchSite } from "#app/search/data/search.server.ts";
import { highlightPieces, MAX_QUERY_LENGTH, plainExcerpt, readQuery, type SearchQuery, type TextPiece } from "#app/search/query.ts";
import { sourceView } from "#app/search/sources.ts";
import { shortDate } from "#app/platform/text/format.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE, type RouteHandle } from "#app/platform/http/route-handle.ts";

/**
 * The same page for every visitor asking the same address, made only from data that bumps a change topic: the page
 * cache may keep it, one copy per query string (decision 039). The page has its own search form, so the footer's is
 * left out.
 */
export const handle: RouteHandle = { ...CACHEABLE_PAGE, searchForm: true };

/** Most results shown. */
const LIMIT = 50;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const q = loaderData?.q ?? "";
  return pageMeta(matches, q ? `Search: ${q}` : "Search", "Search the association's news, events, pages, questions, bylaws and documents.");
}

/** A result as the page shows it: where it leads, what kind of thing it is, and its highlighted title and excerpt. */
interface ShownResult {
  key: string;
  href: string;
  label: string;
  /** "Jun 13, 2026", or "" */
  date: string;
  title: TextPiece[];
  excerpt: TextPiece[];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const raw = new URL(request.url).searchParams.get("q");
  const query = readQuery(raw);
  const q = (raw ?? "").trim();
  if (query.kind === "too-long") return data({ q: "", state: query, results: [] as ShownResult[] }, { status: 400 });
  if (query.kind !== "words") return { q, state: query, results: [] as ShownResult[] };
  // Every post and event has a page of its own (/news/:id, /events/:id): a past one, or a series that began in an
  // earlier year, links there.
  const [numbers, found] = await Promise.all([getAssociationNumbers(db), searchSite(db, query.words, { now: Date.now(), limit: LIMIT })]);
  const results = found.flatMap((hit): ShownResult[] => {
    const view = sourceView(hit.source);
    if (!view) return [];
    return [
      {
        key: `${hit.source}:${hit.ref}`,
        href: view.href(hit),
        label: view.label,
        date: hit.date ? shortDate(hit.date) : "",
        // An event may have no title (spec §5): its link still needs words.
        title: hit.title.trim() ? highlightPieces(fillNumbers(hit.title, numbers)) : [{ text: `Untitled ${view.label.toLowerCase()}`, marked: false }],
        excerpt: highlightPieces(fillNumbers(plainExcerpt(hit.excerpt), numbers)),
      },
    ];
  });
  return { q, state: query, results };
}

/** A highlighted text: the matched words in `<mark>`, everything as text (React escapes it). */
function Highlighted({ pieces }: { pieces: TextPiece[] }) {
  return pieces.map((piece, i) => (piece.marked ? <mark key={i}>{piece.text}</mark> : piece.text));
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, state, results } = loaderData;
  return (
    <div className="page narrow">
      <h1>Search</h1>
      <form method="get" action="/search" role="search" aria-label="Search the site" className="site-search">
        <label htmlFor="search-q">Words to look for</label>
        <div className="search-row">
          <input id="search-q" type="search" name="q" defaultValue={q} maxLength={MAX_QUERY_LENGTH} aria-describedby="search-help" />
          <button type="submit" className="button">
            Search
          </button>
        </div>
        <p id="search-help" className="muted">
          News, events, the board's pages, questions, the bylaws and documents' names. Every word must appear.
        </p>
      </form>
      <SearchOutcome q={q} state={state} results={results} />
    </div>
  );
}

function SearchOutcome({ q, state, results }: { q: string; state: SearchQuery; results: ShownResult[] }) {
  if (state.kind === "empty") return <p className="empty">Type a word or two above, then press Search.</p>;
  if (state.kind === "too-long")
    return (
      <p className="field-error" role="alert">
        That search is {state.length} characters long. Please use at most {MAX_QUERY_LENGTH}.
      </p>
    );
  if (state.kind === "no-words")
    return <p className="empty">“{q}” has no word to look for. Try a word such as “beach” or “dues”.</p>;
  if (results.length === 0)
    return (
      <p className="empty" role="status">
        Nothing found for “{q}”. Try another word, or fewer words.
      </p>
    );
  return (
    <section aria-labelledby="search-results">
      <h2 id="search-results" className="visually-hidden">
        Results
      </h2>
      <p role="status">
        {results.length === LIMIT ? `The best ${LIMIT} results` : results.length === 1 ? "1 result" : `${results.length} results`} for “{q}”
      </p>
      <ol className="search-results">
        {results.map((r) => (
          <li key={r.key} className="card">
            <p className="muted search-kind">
              {r.label}
              {r.date && ` · ${r.date}`}
            </p>
            <h3>
              <a href={r.href}>
                <Highlighted pieces={r.title} />
              </a>
            </h3>
            {r.excerpt.length > 0 && (
              <p>
                <Highlighted pieces={r.excerpt} />
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
