import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { LINK_INVALID } from "./mail-texts.ts";

/**
 * The error boundary of the pages behind mail links: a malformed, forged or old link (the loader's 404) says so and
 * offers to subscribe again; any other error says the page could not be shown.
 */
export function InvalidLinkBoundary() {
  const error = useRouteError();
  const invalid = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="page narrow">
      <h1>{invalid ? "Link not valid" : "Something went wrong"}</h1>
      <p role="alert">{invalid ? LINK_INVALID : "This page could not be shown. Please try again later."}</p>
      <p>
        <Link to="/subscribe">Subscribe again</Link>
      </p>
    </div>
  );
}
