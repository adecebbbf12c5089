import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  // The client manifest tells the service worker script which chunks only the back office uses.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : { manifest: true },
  plugins: [tailwindcss(), reactRouter()],
}));
