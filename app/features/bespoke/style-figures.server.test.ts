/**
 * The site's style figures against the configurator (issue 36 item 3: "the numbers a customer
 * reads and the choices they get must agree"). Per garment, the options the configurator
 * offers are counted through its own `listStyleOptions`; every number the content states about
 * lapels, buttons, pockets or vents (every content module, its figures and its copy, as the
 * pages build them from `styleFigures`) must be that count on the garment the copy names. And
 * the migration gives an existing database the seed's new garment lists, sparing an
 * administrator's edit.
 */
import { and, eq, sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import { styleOptions } from '~/lib/schema.server';
import { seedStyleOptions } from '~/seed/seed.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { listStyleOptions, styleFigures } from './style-catalogue.server';
import { garmentLabel } from './style-groups';

const CLAIMED = ['lapel', 'button', 'pocket', 'vent'] as const;
type Claimed = (typeof CLAIMED)[number];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedStyleOptions(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

/** What the configurator offers on each garment, per claimed group: the option names. */
async function offeredPerGarment() {
  const offered = new Map<GarmentType, Record<Claimed, string[]>>();
  for (const garment of GARMENT_TYPES) {
    const options = await listStyleOptions(database.db, { garmentType: garment });
    offered.set(
      garment,
      Object.fromEntries(
        CLAIMED.map((group) => [
          group,
          options.filter((option) => option.group === group).map((option) => option.name),
        ]),
      ) as Record<Claimed, string[]>,
    );
  }
  return offered;
}

/** Every text a content module holds, functions called with the figures the pages pass. */
function textsOf(value: unknown, figures: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'function') textsOf(value(figures), figures, into);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, figures, into);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A figure reads as its value, then its label ('21' over 'Buttons').
    if (typeof record.value === 'string' && typeof record.label === 'string') {
      into.push(`${record.value} ${record.label}`);
    }
    for (const item of Object.values(record)) textsOf(item, figures, into);
  }
  return into;
}

/** Each number stated about a claimed group: '21 Buttons', '24 button options', 'Pockets (6 styles)'. */
function statedCounts(text: string): { group: Claimed; count: number; text: string }[] {
  const found: { group: Claimed; count: number; text: string }[] = [];
  const before = /(\d+)\+?\s+(?:[a-z-]+\s+){0,2}?(lapel|button|pocket|vent)/gi;
  const after = /(lapel|button|pocket|vent)s?\s*\((\d+)/gi;
  for (const match of text.matchAll(before)) {
    found.push({ group: match[2]!.toLowerCase() as Claimed, count: Number(match[1]), text });
  }
  for (const match of text.matchAll(after)) {
    found.push({ group: match[1]!.toLowerCase() as Claimed, count: Number(match[2]), text });
  }
  return found;
}

describe(`the site's style figures on ${testDatabaseKind}`, () => {
  it('states, in every content module, only what the configurator offers on the garment it names', async () => {
    const offered = await offeredPerGarment();
    const figures = await styleFigures(database.db);
    // The figures name their garment, and it is the suit jacket, which offers every group.
    const garment = GARMENT_TYPES.find(
      (type) => garmentLabel(type).toLowerCase() === figures.garment,
    );
    expect(garment).toBe('suit_jacket');
    const suit = offered.get('suit_jacket')!;
    expect(suit.lapel).toHaveLength(4);
    expect(suit.button).toHaveLength(21);
    expect(suit.pocket).toHaveLength(6);
    expect(suit.vent).toHaveLength(3);
    // No garment is offered more than the suit jacket, so no reader is promised more than any gets.
    for (const [, groups] of offered) {
      for (const group of CLAIMED) {
        expect(groups[group].length).toBeLessThanOrEqual(suit[group].length);
      }
    }

    const modules = import.meta.glob('../../content/*.ts', { eager: true });
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(8);
    const texts = Object.values(modules).flatMap((module) => textsOf(module, figures));
    const stated = texts.flatMap(statedCounts);
    // The home page's four figures and the services page's four titles, at least.
    for (const group of CLAIMED) {
      expect(stated.filter((claim) => claim.group === group).length).toBeGreaterThanOrEqual(2);
    }
    for (const claim of stated) {
      expect(claim.count, `${claim.text}: ${claim.group}`).toBe(suit[claim.group].length);
    }
    // Each sentence that introduces the figures names the garment they are counted on.
    const named = texts.filter((text) => text.includes(`bespoke ${figures.garment}`));
    expect(named.length).toBeGreaterThanOrEqual(2);
  });

  it('lists on the services page the lapels, pockets and vents the configurator offers', async () => {
    const offered = await offeredPerGarment();
    const figures = await styleFigures(database.db);
    const { customizationOptions } = await import('~/content/services');
    const groups = customizationOptions(figures);
    const listed = (title: string) => groups.find((group) => group.title.startsWith(title))!;
    expect(listed('Lapels').options).toEqual(offered.get('suit_jacket')!.lapel);
    expect(listed('Pockets').options).toEqual(offered.get('suit_jacket')!.pocket);
    expect(listed('Vents').options).toEqual(offered.get('suit_jacket')!.vent);
  });

  it('follows the catalogue: a retired button lowers the figure', async () => {
    const before = (await styleFigures(database.db)).button.length;
    await database.db
      .update(styleOptions)
      .set({ isActive: false })
      .where(and(eq(styleOptions.group, 'button'), eq(styleOptions.code, 'kundan')));
    expect((await styleFigures(database.db)).button).toHaveLength(before - 1);
    await database.db
      .update(styleOptions)
      .set({ isActive: true })
      .where(and(eq(styleOptions.group, 'button'), eq(styleOptions.code, 'kundan')));
  });

  it('the migration gives an existing database the new garment lists, sparing an admin’s edit', async () => {
    // As the seed left them before issue 36, and one an administrator changed since.
    const setGarments = (group: string, code: string, garments: string[]) =>
      database.db
        .update(styleOptions)
        .set({ garmentTypes: garments as GarmentType[] })
        .where(and(eq(styleOptions.group, group as 'button'), eq(styleOptions.code, code)));
    await setGarments('button', 'mop-white', ['shirt', 'kurta']);
    await setGarments('button', 'coconut', ['kurta', 'shirt']);
    await setGarments('pocket', 'welt', ['waistcoat', 'sherwani', 'jodhpuri', 'kurta']);
    await setGarments('button', 'kundan', ['sherwani']);
    const file = await fs.readFile(
      path.join(import.meta.dirname, '../../../drizzle/0014_suit_style_options.sql'),
      'utf8',
    );
    const updates = file
      .split('--> statement-breakpoint')
      .map((part) => part.replace(/^--.*$/gm, '').trim())
      .filter((part) => part.startsWith('UPDATE'));
    expect(updates.length).toBeGreaterThanOrEqual(6);
    for (const update of updates) await database.db.execute(sql.raw(update));

    const garmentsOf = async (group: string, code: string) => {
      const [row] = await database.db
        .select({ garments: styleOptions.garmentTypes })
        .from(styleOptions)
        .where(and(eq(styleOptions.group, group as 'button'), eq(styleOptions.code, code)));
      return row!.garments;
    };
    expect(await garmentsOf('button', 'mop-white')).toEqual(['shirt', 'kurta', 'suit_jacket']);
    expect(await garmentsOf('button', 'coconut')).toEqual(['kurta', 'shirt', 'suit_jacket']);
    expect(await garmentsOf('pocket', 'welt')).toContain('suit_jacket');
    expect(await garmentsOf('button', 'kundan')).toEqual(['sherwani']);
    // Every row the seed would write now matches what the migration leaves (bar the edit).
    const suit = await listStyleOptions(database.db, { garmentType: 'suit_jacket' });
    expect(suit.filter((option) => option.group === 'button')).toHaveLength(20);
    expect(suit.filter((option) => option.group === 'pocket')).toHaveLength(6);
  });
});
