import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

/**
 * Fewer, larger client chunks (issue 19): every lucide icon in one `icons` chunk instead of
 * one tiny chunk (and one modulepreload) each, and React with React Router in a `vendor` chunk
 * that stays the same from one release to the next.
 */
function clientChunk(id: string): string | undefined {
  if (id.includes('/node_modules/lucide-react/')) return 'icons';
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor';
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  // The client manifest tells the service worker script which chunks only the back office uses.
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts' } }
    : { manifest: true, rollupOptions: { output: { manualChunks: clientChunk } } },
  plugins: [tailwindcss(), reactRouter()],
}));
