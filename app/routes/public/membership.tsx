import type { Route } from "./+types/membership";
import { Link } from "react-router";
import { governance, membership } from "#content/membership.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { CACHEABLE_PAGE } from "#app/lib/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Membership", "Member benefits, annual dues and how to pay them.");
}

export default function MembershipPage() {
  return (
    <div className="page">
      <h1>Membership</h1>
      <div className="grid two">
        <section aria-labelledby="benefits">
          <h2 id="benefits">Member benefits</h2>
          <ul>
            {membership.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="dues">
          <h2 id="dues">Dues</h2>
          <p className="card">
            <strong>
              ${membership.duesDollars} per household per year, due {membership.duesDate}.
            </strong>
          </p>
          {membership.howToPay.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <h3>Contact the treasurer</h3>
          <img src={membership.treasurerImage} alt={membership.treasurerImageAlt} width="480" height="160" loading="lazy" decoding="async" />
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
