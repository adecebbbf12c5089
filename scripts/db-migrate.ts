// `npm run db:migrate`: applies pending migrations (the server also does this at start).
import { openConfiguredDatabase } from './open-database';

const database = await openConfiguredDatabase();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
