/**
 * Registers the service worker at /sw.js once the page has loaded and the browser is idle
 * (SPEC.md section 1; issues "Offline shell" and 19 "A page a cheap phone can run"), so its
 * install never competes with the first load for the network or the main thread.
 * Production builds only: in development it would cache what is being edited.
 */
import { useEffect } from 'react';

/** Longest wait (ms) for an idle moment after `load` before registering anyway. */
const IDLE_TIMEOUT_MS = 5000;
/** Delay (ms) standing in for an idle moment where requestIdleCallback is missing (Safari). */
const FALLBACK_DELAY_MS = 2000;

/**
 * Registers /sw.js after the window's `load` event, in the first idle period after it (at
 * most IDLE_TIMEOUT_MS later). A failed registration is logged, never thrown.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelIdle = () => {};
    const register = () => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('service worker registration failed', error);
      });
    };
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        const handle = window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(register, FALLBACK_DELAY_MS);
        cancelIdle = () => clearTimeout(handle);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdle();
    };
  }, []);
}
