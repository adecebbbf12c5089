// `npm run db:seed`: inserts whatever of the demo catalogue is missing; never overwrites edits.
import { seedDemoCatalogue } from '~/seed/seed.server';
import { getEnv } from '~/lib/env.server';
import { createStorage } from '~/lib/storage/storage.server';
import { openConfiguredDatabase } from './open-database';

const database = await openConfiguredDatabase();
try {
  const result = await seedDemoCatalogue(database.db, createStorage(getEnv()));
  console.log(
    `Seeded ${result.categories} categories, ${result.subcategories} subcategories, ` +
      `${result.products} products, ${result.media} media items and ${result.styleOptions} style options (existing rows kept).`,
  );
} finally {
  await database.close();
}
