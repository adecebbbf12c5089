/**
 * Keeps open pages current: listens to /api/events and revalidates the route data on each
 * event of one kind. 'catalogue' keeps navigation, wardrobe and listings current (SPEC.md
 * section 4 "Navigation categories"); 'workshop' keeps an open production board current
 * (issue 31 item 3: a trigger on work_tickets sends one NOTIFY per move or assignment, which
 * every instance relays). Reconnects after a server restart and revalidates once on reconnect,
 * in case a change was missed while disconnected.
 *
 * A revalidation waits while the page is sending a form or navigating: the action's own
 * revalidation brings the new data, and reloading mid-request could unmount the form (a
 * withdrawn link's row, a paid order's payment form) before its answer arrives, and so lose
 * the answer and its toast.
 */
import { useEffect, useRef } from 'react';
import { useFetchers, useNavigation, useRevalidator } from 'react-router';

/** Delay in ms that gathers a burst of changes into one revalidation. */
const DEBOUNCE_MS = 200;
/** Delay in ms before a closed stream is opened again. */
const REOPEN_MS = 3_000;

/** Revalidates the page's data on each `event` of /api/events (debounced by DEBOUNCE_MS). */
export function useServerEvents(event: 'catalogue' | 'workshop'): void {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = useRef(false);
  busy.current = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;
    let disposed = false;
    const schedule = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        if (busy.current) schedule();
        else void revalidate();
      }, DEBOUNCE_MS);
    };
    const open = () => {
      source = new EventSource('/api/events');
      source.addEventListener(event, schedule);
      source.addEventListener('open', () => {
        if (hadError) schedule();
        hadError = false;
      });
      source.addEventListener('error', () => {
        hadError = true;
        // The browser retries by itself unless the stream was closed (e.g. a 503 answer).
        if (source?.readyState === EventSource.CLOSED && !disposed) {
          reopen = setTimeout(open, REOPEN_MS);
        }
      });
    };
    open();
    return () => {
      disposed = true;
      clearTimeout(debounce);
      clearTimeout(reopen);
      source?.close();
    };
  }, [event, revalidate]);
}
