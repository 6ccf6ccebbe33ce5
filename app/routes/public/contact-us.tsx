import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Route } from "./+types/contact-us";
import { getServices } from "#app/web/context.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

/** How long the Copied indicator shows, in milliseconds (spec §9). */
export const COPIED_MS = 2000;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Contact us", "How to write to the association's board.");
}

export async function loader({ context }: Route.LoaderArgs) {
  return { contactEmail: (await getAssociationDetails(getServices(context).db)).contactEmail };
}

const noSubscription = () => () => {};

/**
 * Whether scripts run in this page: false in the server's HTML (and so while the scripts load, or when they never
 * run), true once hydrated.
 */
function useScriptsRun(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  const scripted = useScriptsRun();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(contactEmail);
      setFailed(false);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setFailed(true);
    }
  }

  return (
    <div className="page narrow">
      <h1>Contact us</h1>
      <p>The board reads every message. Write to us at:</p>
      <p className="card">
        <strong>{contactEmail}</strong>
      </p>
      <div className="button-row">
        <a className="button" href={`mailto:${contactEmail}`}>
          Email the Board
        </a>
        {/* Copying needs a script: without one the button would do nothing, so it shows only once scripts run (issue 26). */}
        <button type="button" className="button secondary" onClick={copy} aria-live="polite" hidden={!scripted}>
          {copied ? "Copied" : "Copy email address"}
        </button>
      </div>
      {failed && <p className="field-error">Your browser did not allow copying. Select the address above instead.</p>}
    </div>
  );
}
