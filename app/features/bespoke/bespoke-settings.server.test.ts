/** The bespoke settings read back with defaults for what is missing or invalid. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { BESPOKE_SETTINGS_KEY, getBespokeSettings } from './bespoke-settings.server';
import { defaultBespokeSettings } from './pricing';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`bespoke settings on ${testDatabaseKind}`, () => {
  it('are the defaults on a new install', async () => {
    expect(await getBespokeSettings(database.db)).toEqual(defaultBespokeSettings);
  });

  it('keep valid edits and replace invalid fields by their defaults', async () => {
    await database.db.insert(siteSettings).values({
      key: BESPOKE_SETTINGS_KEY,
      value: {
        advancePercent: 250,
        garments: {
          ...defaultBespokeSettings.garments,
          sherwani: { basePricePaise: 1_500_000, consumptionCm: 320 },
          kurta: { basePricePaise: -5, consumptionCm: 250 },
        },
      },
    });
    const settings = await getBespokeSettings(database.db);
    expect(settings.advancePercent).toBe(50);
    expect(settings.garments.sherwani).toEqual({ basePricePaise: 1_500_000, consumptionCm: 320 });
    expect(settings.garments.kurta).toEqual(defaultBespokeSettings.garments.kurta);
  });
});
