// Writes build/client/sw.js with Workbox (issues "Offline shell" and 19 "A page a cheap phone
// can run"). The precache is the shell only: the offline page, the logo and favicon, and the
// root stylesheet. The offline page needs no JavaScript, so no script is precached; the
// hashed files under /assets/ are stored cache-first as the pages fetch them. Pages are
// network-first with the offline page as fallback; images stale-while-revalidate with an
// expiry cap; private areas and the API are never cached.
import fs from 'node:fs';
import { generateSW } from 'workbox-build';

/**
 * The stylesheets of the root route in Vite's client manifest (every page links them), as
 * paths relative to build/client. Without a manifest, every stylesheet under assets/.
 */
function shellStyles() {
  const file = 'build/client/.vite/manifest.json';
  if (!fs.existsSync(file)) return ['assets/*.css'];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const root = Object.entries(manifest).find(([key]) => key.startsWith('app/root.tsx'));
  return root?.[1].css ?? ['assets/*.css'];
}

/** Paths whose responses must never be stored by the service worker. */
const PRIVATE = '^/(api|account|checkout|admin|wishlist|cart|login|register|auth)(/|$|\\.data)';

const { count, size, warnings } = await generateSW({
  globDirectory: 'build/client',
  globPatterns: [...shellStyles(), 'offline.html', 'logo.svg', 'favicon.svg'],
  swDest: 'build/client/sw.js',
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: 'production',
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // Hashed file names already change with their content.
  dontCacheBustURLsMatching: /^assets\//,
  navigateFallback: undefined,
  runtimeCaching: [
    {
      urlPattern: new RegExp(PRIVATE),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: 'offline.html' } },
    },
    {
      urlPattern: ({ request }) => request.mode === 'navigate',
      handler: 'NetworkFirst',
      options: {
        cacheName: 'pages',
        networkTimeoutSeconds: 4,
        expiration: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 },
        precacheFallback: { fallbackURL: 'offline.html' },
      },
    },
    {
      // Scripts, styles and fonts with a content hash in their name never change: stored the
      // first time a page fetches them, so a page seen before hydrates offline.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: {
        cacheName: 'assets',
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 150, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true },
      },
    },
    {
      // React Router's data requests for client-side navigation.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.data'),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'page-data',
        networkTimeoutSeconds: 4,
        expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
      },
    },
    {
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin && url.pathname.startsWith('/media/variants/'),
      handler: 'StaleWhileRevalidate',
      options: {
        cacheName: 'images',
        expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
      },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KiB)`);
