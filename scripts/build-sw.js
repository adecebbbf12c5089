// Writes build/client/sw.js with Workbox (issue "Offline shell"): precaches the hashed assets
// and the offline page; pages network-first with the offline page as fallback; images
// stale-while-revalidate with an expiry cap; private areas and the API never cached.
import fs from 'node:fs';
import { generateSW } from 'workbox-build';

/**
 * The JavaScript files a shopper may need: everything reachable from the entries and routes
 * outside app/routes/admin/ in Vite's client manifest. The back office's own chunks (its
 * screens, drag and drop, the product editor) are not precached on every shopper's phone;
 * they load when an administrator opens them. Null (precache everything) without a manifest.
 */
function shopperScripts() {
  const file = 'build/client/.vite/manifest.json';
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const keep = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || keep.has(chunk.file)) return;
    keep.add(chunk.file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if ((chunk.isEntry || chunk.isDynamicEntry) && !key.startsWith('app/routes/admin/')) visit(key);
  }
  return keep;
}
const shopper = shopperScripts();

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
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.filter(
        (entry) => !shopper || !entry.url.endsWith('.js') || shopper.has(entry.url),
      ),
      warnings: [],
    }),
  ],
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
