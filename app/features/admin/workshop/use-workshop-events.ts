/**
 * Keeps an open production board current (issue 31 item 3: "It updates on every open screen
 * and instance when a ticket moves, as the catalogue's realtime does"): listens to /api/events
 * and revalidates the page's data on each `workshop` event (a trigger on work_tickets sends one
 * NOTIFY per move or assignment, which every instance relays). Reconnects after a server
 * restart and revalidates once on reconnect, in case a move was missed while disconnected.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/** Delay in ms that gathers a burst of moves into one revalidation. */
const DEBOUNCE_MS = 200;
/** Delay in ms before a closed stream is opened again. */
const REOPEN_MS = 3_000;

export function useWorkshopEvents(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;
    let disposed = false;
    const schedule = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => void revalidate(), DEBOUNCE_MS);
    };
    const open = () => {
      source = new EventSource('/api/events');
      source.addEventListener('workshop', schedule);
      source.addEventListener('open', () => {
        if (hadError) schedule();
        hadError = false;
      });
      source.addEventListener('error', () => {
        hadError = true;
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
  }, [revalidate]);
}
