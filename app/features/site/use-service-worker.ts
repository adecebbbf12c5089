/**
 * Registers the service worker at /sw.js once the page has loaded and the browser is idle
 * (SPEC.md section 1; issues "Offline shell" and 19 "A page a cheap phone can run"), so its
 * install never competes with the first load for the network or the main thread.
 * Production builds only: in development it would cache what is being edited.
 */
import { useEffect } from 'react';
import { whenIdleAfterLoad } from '~/lib/when-idle';

/**
 * Registers /sw.js after the window's `load` event, in the first idle period after it. A failed
 * registration is logged, never thrown.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    return whenIdleAfterLoad(() => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('service worker registration failed', error);
      });
    });
  }, []);
}
