/**
 * Work that must not compete with a page's first load (issue 19): run it after the window's
 * `load` event, in the browser's first idle period after it.
 */

/** Longest wait (ms) for an idle moment after `load` before running anyway. */
const IDLE_TIMEOUT_MS = 5000;
/** Delay (ms) standing in for an idle moment where requestIdleCallback is missing (Safari). */
const FALLBACK_DELAY_MS = 2000;

/**
 * Calls `work` once, after `load` and in the first idle period after it (at most 5 s later;
 * 2 s after `load` where `requestIdleCallback` is missing). Browser only.
 * @returns a function that cancels the call if it has not happened yet.
 */
export function whenIdleAfterLoad(work: () => void): () => void {
  let cancelIdle = () => {};
  const whenIdle = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, FALLBACK_DELAY_MS);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
