/**
 * Content below the fold that React may hydrate after the rest of the page (issue 19 item 3).
 * A Suspense boundary around server-rendered content lets React 19 hydrate the page's shell
 * first and each such boundary afterwards, in tasks of its own that yield to the browser in
 * between, instead of one long task for the whole page. Nothing changes in what is rendered
 * (on the server and in client navigations the boundary never shows its empty fallback, as
 * nothing inside suspends); an event on a part not yet hydrated is replayed once it is.
 */
import { Suspense, type ReactNode } from 'react';

export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
