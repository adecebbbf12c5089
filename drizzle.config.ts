import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './app/lib/schema.server.ts',
  out: './drizzle',
});
