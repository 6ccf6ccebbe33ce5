import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { InvalidLinkBoundary } from "#app/mail/InvalidLink.tsx";
import { getServices } from "#app/web/context.server.ts";
import { LINK_INVALID, LIST_LABELS } from "#app/mail/mail-texts.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { readLink, unsubscribe } from "#app/mail/subscriptions.server.ts";
import { IGNORED_BODY } from "#app/platform/http/request-body.ts";

/** The one-click POST (RFC 8058) reads no body: a mailbox provider may send it in any form. */
export const handle = { body: IGNORED_BODY };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Unsubscribe", "Stop a list's mail.");
}

function tokenOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const services = getServices(args.context);
  const token = readLink(services, "unsubscribe", args.params.token);
  if (!token) throw data({ message: LINK_INVALID }, { status: 404 });
  return { services, token };
}

function listName(list: string): string {
  return list === "all" ? "every list" : (LIST_LABELS[list as keyof typeof LIST_LABELS] ?? list);
}

/**
 * `/unsubscribe/:token`: the List-Unsubscribe link of every list mail (RFC 2369, RFC 8058). A GET shows a page with
 * a button, so that link scanners unsubscribe no one; a POST (the button, or a mailbox provider's one-click
 * `List-Unsubscribe=One-Click`, which carries no cookie and no Origin) unsubscribes at once and is idempotent.
 */
export async function loader(args: Route.LoaderArgs) {
  const { token } = tokenOf(args);
  return { list: listName(token.list) };
}

export async function action(args: Route.ActionArgs) {
  const { services, token } = tokenOf(args);
  await unsubscribe(services, token);
  return { done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page narrow">
      <h1>Unsubscribe</h1>
      {actionData?.done ? (
        <p className="success" role="status">
          You are unsubscribed from {loaderData.list}. No more of that mail will be sent to you.
        </p>
      ) : (
        <Form method="post" className="stack">
          <p>Stop getting {loaderData.list} by email?</p>
          <p>
            <button type="submit" className="button">
              Unsubscribe
            </button>
          </p>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = InvalidLinkBoundary;
