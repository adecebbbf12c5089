/**
 * Server rendering: streams the HTML, waiting for all data for bots (so crawlers and chat
 * link previews see the whole page) and every script tag carrying the request's CSP nonce.
 */
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '~/lib/database-health.server';
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from '~/lib/page-cache.server';
import { modulePreloadPriorityStream } from '~/lib/script-priority.server';

export const streamTimeout = 5_000;

/**
 * Anonymous 200 GET pages may be kept by the browser, which revalidates them with the ETag;
 * shared caches keep none, since each copy carries its own CSP nonce (decision 011: this
 * server's page cache shares them instead). Requests with cookies are never cached anywhere.
 */
function setCaching(request: Request, status: number, headers: Headers, etag: string): void {
  if (headers.has('Cache-Control')) return;
  const shareable = request.method === 'GET' && status === 200 && !request.headers.has('Cookie');
  headers.set('Cache-Control', shareable ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  if (shareable) headers.set('ETag', etag);
  headers.append('Vary', 'Cookie');
}

/**
 * Loader and action errors: a lost database connection is reported to the health monitor
 * (which then answers 503 for every page until the database is back) and logged briefly;
 * anything else is logged in full, as React Router does by default. Aborted requests are not.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // React Router's own refusals (no such route, no loader for a GET, a bad method) are the
  // caller's mistake; the request log already records their 4xx.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if ((context as Partial<AppLoadContext>).databaseHealth?.report(error)) {
    console.warn(`database unavailable during ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};

/** Whether the page failed because the database could not be reached (answered with 503). */
function failedForDatabase(routerContext: EntryContext): boolean {
  const errors = routerContext.staticHandlerContext.errors;
  return errors ? Object.values(errors).some(isDatabaseUnavailable) : false;
}

/**
 * A page refused with 429 tells the browser when to try again (issue 17 item 12): React Router
 * sends an action's or loader's own headers with a document only through a route's `headers`
 * export, so the `Retry-After` they set is copied here. A 429 that set none gets 60 s.
 */
function keepRetryAfter(status: number, headers: Headers, routerContext: EntryContext): void {
  if (status !== 429 || headers.has('Retry-After')) return;
  const { actionHeaders, loaderHeaders } = routerContext.staticHandlerContext;
  const given = [...Object.values(actionHeaders ?? {}), ...Object.values(loaderHeaders ?? {})]
    .map((set) => set.get('Retry-After'))
    .find((value) => value !== null);
  headers.set('Retry-After', given ?? '60');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  keepRetryAfter(responseStatusCode, responseHeaders, routerContext);
  if (responseStatusCode === 500 && failedForDatabase(routerContext)) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let done = false;
    const userAgent = request.headers.get('user-agent');
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body.pipe(modulePreloadPriorityStream()));
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      setCaching(request, responseStatusCode, responseHeaders, loadContext.pageEtag);
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React 19.2+ "outlines" a finished Suspense boundary that would take the first flush
        // past 12,800 bytes: its HTML comes later in a hidden element that a script reveals.
        // Without JavaScript the fallback then stays ('Loading admin panel...' over every
        // back-office screen), so finished boundaries are always written in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (!waitForAll) send();
        },
        onAllReady() {
          done = true;
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            // The 200 is sent already; the page cache must not keep this page.
            loadContext.markPageIncomplete?.();
            console.error(error);
          }
        },
      },
    );
    setTimeout(() => {
      if (!done) loadContext.markPageIncomplete?.();
      abort();
    }, streamTimeout + 1000);
  });
}
