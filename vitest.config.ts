import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { TIMEOUTS } from './tests/support/timeouts';

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: [
      'app/**/*.test.ts',
      'app/**/*.test.tsx',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: TIMEOUTS.unitTest,
    hookTimeout: TIMEOUTS.unitHook,
    setupFiles: ['./tests/setup-vitest.ts'],
  },
});
