import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import appCss from "./app.css?inline";
import { InlineCssContext } from "#app/platform/http/inline-css.tsx";
import { NonceContext, nonceContext } from "#app/platform/http/nonce.ts";
import { PageHtmlContext } from "#app/platform/http/page-html.ts";
import { pageHtmlContext } from "#app/platform/http/page-html.server.ts";
import { hydrateAfterFirstPaintStream } from "#app/platform/http/script-priority.server.ts";
import { headExtrasContext, withHeadExtras } from "#app/platform/http/head-extras.server.ts";
import { servicesContext } from "#app/web/services.server.ts";
import { BodyTooLargeError } from "#app/platform/http/request-body.ts";

export const streamTimeout = 5_000;

/**
 * Renders a document. Unlike the default entry it always waits for all content (onAllReady): pages must be
 * complete without JavaScript, and no page here streams. Every inline script and the inline stylesheet carry the
 * request's CSP nonce. The hydration scripts are asked for after the first paint (app/platform/http/script-priority.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={appCss}>
          <PageHtmlContext.Provider value={loadContext.get(pageHtmlContext)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </PageHtmlContext.Provider>
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          // The canonical link, link-preview tags, feed links and structured data, written by the server alone.
          const extras = { path: new URL(request.url).pathname, status: responseStatusCode, nonce };
          const body = hydrateAfterFirstPaintStream((html) => withHeadExtras(html, loadContext.get(headExtrasContext), extras));
          body.on("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.get(servicesContext).logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
  });
}

/**
 * Errors thrown by loaders and actions (not redirects or responses they throw on purpose): logged through the
 * process logger with the request's method and path, instead of React Router's console.error. An aborted request
 * (the browser went away) is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A body refused by the gate (413 already sent) fails whoever was reading it: an answer, not a fault.
  if (request.signal.aborted || error instanceof BodyTooLargeError) return;
  context.get(servicesContext).logger.error({ err: error, method: request.method, url: request.url }, "route error");
};
