// Writes build/client/sw.js with Workbox (issue "Offline shell"): precaches the hashed assets
// and the offline page; pages network-first with the offline page as fallback; images
// stale-while-revalidate with an expiry cap; private areas and the API never cached.
import { generateSW } from 'workbox-build';

/** Paths whose responses must never be stored by the service worker. */
const PRIVATE = '^/(api|account|checkout|admin|wishlist|cart|login|register|auth)(/|$|\\.data)';

const { count, size, warnings } = await generateSW({
  globDirectory: 'build/client',
  globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'logo.svg', 'favicon.svg'],
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
