import type { Route } from "./+types/membership";
import { Link } from "react-router";
import treasurerCardImage from "#content/images/treasurer-contact.svg";
import { getServices } from "#app/web/context.server.ts";
import { markdownFor } from "#app/platform/http/page-html.server.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { getPageImageIds, getPageTexts } from "#app/site/data/page-texts.server.ts";
import { Picture } from "#app/ui/Picture.tsx";
import { getImage } from "#app/platform/files/images.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Membership", "Member benefits, annual dues and how to pay them.");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const md = markdownFor(context);
  const [texts, numbers, ids] = await Promise.all([getPageTexts(db), getAssociationNumbers(db), getPageImageIds(db)]);
  const treasurerImage = await getImage(db, ids.treasurerImageId);
  // Every text with its placeholders ({duesDollars}, {duesDate}, …) filled in: it says what the board set.
  const fill = (text: string) => md(fillNumbers(text, numbers));
  return {
    benefits: fill(texts.benefits),
    howToPay: fill(texts.howToPay),
    treasurerContact: fill(texts.treasurerContact),
    treasurerAlt: texts.treasurerAlt,
    treasurerImage: treasurerImage ?? null,
    numbers,
  };
}

export default function MembershipPage({ loaderData }: Route.ComponentProps) {
  const { numbers: governance } = loaderData;
  return (
    <div className="page">
      <h1>Membership</h1>
      <div className="grid two">
        <section aria-labelledby="benefits">
          <h2 id="benefits">Member benefits</h2>
          <Markdown html={loaderData.benefits} />
        </section>
        <section aria-labelledby="dues">
          <h2 id="dues">Dues</h2>
          <p className="card">
            <strong>
              ${governance.duesDollars} per household per year, due {governance.duesDate}.
            </strong>
          </p>
          <Markdown html={loaderData.howToPay} />
          {loaderData.treasurerContact || loaderData.treasurerImage ? (
            <>
              <h3>Contact the treasurer</h3>
              {loaderData.treasurerContact && <Markdown html={loaderData.treasurerContact} className="treasurer-contact" />}
              {loaderData.treasurerImage && <Picture image={loaderData.treasurerImage} sizes="(min-width: 60rem) 30rem, 100vw" />}
            </>
          ) : (
            loaderData.treasurerAlt && (
              <>
                <h3>Contact the treasurer</h3>
                <img src={treasurerCardImage} alt={loaderData.treasurerAlt} width="480" height="160" loading="lazy" decoding="async" />
              </>
            )
          )}
        </section>
      </div>
      <section aria-labelledby="governance">
        <h2 id="governance">How the association is run</h2>
        <p>
          A board of {governance.boardSize} directors, elected for {governance.termYears}-year terms, runs the association. A
          members' meeting needs a quorum of {governance.quorum} members and at least {governance.noticeDays} days notice.
          Read the full <Link to="/more/meetboard">bylaws</Link>.
        </p>
      </section>
    </div>
  );
}
