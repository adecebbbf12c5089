/**
 * Registers the service worker at /sw.js once the page has loaded (SPEC.md section 1;
 * issue "Offline shell"). Production builds only: in development it would cache what is
 * being edited.
 */
import { useEffect } from 'react';

export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('service worker registration failed', error);
      });
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
}
