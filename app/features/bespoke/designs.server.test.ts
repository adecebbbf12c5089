/**
 * The configurator's server side and saved designs (issue 21 item 2), through the routes: the
 * server's estimate, a refused combination, unguessable ids, owner-only delete, the guest
 * limit, `/d/:id` (404 for an unknown id) and its social card.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designs, requestLimits } from '~/lib/schema.server';
import * as accountDesignsRoute from '~/routes/account.designs';
import * as bespokeRoute from '~/routes/bespoke';
import * as designCardRoute from '~/routes/design.card';
import * as designRoute from '~/routes/design';
import { seedStyleOptions } from '~/seed/seed.server';
import {
  createTestApp,
  formPost,
  insertSampleProduct,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import type { ConfiguratorPage } from './configurator.server';
import { defaultBespokeSettings } from './pricing';

let app: TestApp;
let fabricId: number;
type Args = Parameters<typeof bespokeRoute.loader>[0];
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, context: app.context, params }) as unknown as Args;

beforeAll(async () => {
  app = await createTestApp();
  await seedStyleOptions(app.database.db);
  fabricId = await insertSampleProduct(app.database.db, 250_000);
});
afterAll(() => app.dispose());

const design = (intent: string, extra: Record<string, string> = {}) => ({
  intent,
  garment: 'sherwani',
  fabric: String(fabricId),
  collar: 'mandarin',
  button: 'zardozi',
  ...extra,
});

async function page(path: string): Promise<ConfiguratorPage> {
  return (await bespokeRoute.loader(args(pageGet(path)))) as ConfiguratorPage;
}

describe(`the configurator on ${testDatabaseKind}`, () => {
  it('walks garment, fabric, style and summary from the URL, with the server’s estimate', async () => {
    expect((await page('/bespoke')).step).toBe('garment');
    expect((await page('/bespoke?garment=cape')).step).toBe('garment');
    const fabric = await page('/bespoke?garment=sherwani&q=linen');
    expect(fabric.step).toBe('fabric');
    if (fabric.step === 'fabric') expect(fabric.fabrics.map((f) => f.name)).toEqual(['Linen']);
    const style = await page(`/bespoke?garment=sherwani&fabric=${fabricId}`);
    expect(style.step).toBe('style');
    if (style.step === 'style') {
      expect(style.groups.map((g) => g.group)).not.toContain('lapel');
      // An offered group left out of the URL starts on an option that costs nothing extra.
      expect(style.state.options.cuff).toBe('plain-sleeve');
    }
    const summary = await page(
      `/bespoke?garment=sherwani&fabric=${fabricId}&button=zardozi&step=summary`,
    );
    expect(summary.step).toBe('summary');
    if (summary.step !== 'summary') return;
    const { basePricePaise, consumptionCm } = defaultBespokeSettings.garments.sherwani;
    expect(summary.estimate).toEqual({
      basePaise: basePricePaise,
      fabricPaise: (250_000 * consumptionCm) / 100,
      optionsPaise: 120_000,
      totalPaise: basePricePaise + (250_000 * consumptionCm) / 100 + 120_000,
      consumptionCm,
    });
    expect(summary.chosen.find((o) => o.group === 'button')?.name).toBe('Zardozi buttons');
  });

  it('refuses a peak lapel on a jodhpuri with its reason and no price', async () => {
    const summary = await page(
      `/bespoke?garment=jodhpuri&fabric=${fabricId}&lapel=peak&step=summary`,
    );
    expect(summary.step).toBe('summary');
    if (summary.step !== 'summary') return;
    expect(summary.estimate).toBeNull();
    expect(summary.refusals.map((r) => r.message)).toEqual([
      'Peak lapel is not made on a Jodhpuri / bandhgala: it has a standing collar, not lapels',
    ]);
    const posted = await routeOutcome(() =>
      bespokeRoute.action(
        args(formPost('/bespoke', design('book', { garment: 'jodhpuri', lapel: 'peak' }))),
      ),
    );
    expect(posted.status).toBe(422);
    expect(await app.database.db.select().from(designs)).toEqual([]);
  });

  it('saves a guest’s design under an unguessable id and books a measurement with it', async () => {
    const first = await routeOutcome(() =>
      bespokeRoute.action(args(formPost('/bespoke', design('book')))),
    );
    const second = await routeOutcome(() =>
      bespokeRoute.action(args(formPost('/bespoke', design('share')))),
    );
    expect(first.status).toBe(302);
    const id = /design=([A-Za-z0-9_-]+)$/.exec(first.location!)![1]!;
    expect(first.location).toBe(`/book?type=measurement&design=${id}`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.location).toMatch(/^https:\/\/wa\.me\/\?text=.*%2Fd%2F[A-Za-z0-9_-]{22}$/);
    const rows = await app.database.db.select().from(designs);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).not.toBe(rows[1]!.id);
    expect(rows.every((row) => row.userId === null)).toBe(true);
    expect(rows[0]!.options).toEqual({ collar: 'mandarin', button: 'zardozi' });
  });

  it('sends a guest who saves to sign in first, and limits guests’ saves per address', async () => {
    const save = await routeOutcome(() =>
      bespokeRoute.action(args(formPost('/bespoke', design('save')))),
    );
    expect(save.status).toBe(302);
    expect(save.location).toMatch(/^\/login\?redirectTo=%2Fbespoke%3Fgarment%3Dsherwani/);
    await app.database.db.delete(requestLimits);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const outcome = await routeOutcome(() =>
        bespokeRoute.action(args(formPost('/bespoke', design('book')))),
      );
      statuses.push(outcome.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
    expect(statuses[30]).toBe(429);
    await app.database.db.delete(requestLimits);
  });

  it('keeps a signed-in shopper’s design in their account; only they may delete it', async () => {
    const owner = await app.signedIn('user');
    const other = await app.signedIn('user');
    const saved = await routeOutcome(() =>
      bespokeRoute.action(args(formPost('/bespoke', design('save'), owner.cookie))),
    );
    const id = /^\/d\/([A-Za-z0-9_-]{22})\?saved=1$/.exec(saved.location!)![1]!;
    const listed = (await accountDesignsRoute.loader(
      args(pageGet('/account/designs', owner.cookie)) as never,
    )) as {
      designs: { id: string }[];
    };
    expect(listed.designs.map((d) => d.id)).toEqual([id]);
    const stranger = await routeOutcome(() =>
      accountDesignsRoute.action(
        args(formPost('/account/designs', { intent: 'delete', id }, other.cookie)) as never,
      ),
    );
    expect(stranger.status).toBe(404);
    const bad = await routeOutcome(() =>
      accountDesignsRoute.action(
        args(
          formPost('/account/designs', { intent: 'delete', id: "'; drop" }, owner.cookie),
        ) as never,
      ),
    );
    expect(bad.status).toBe(400);
    const mine = await routeOutcome(() =>
      accountDesignsRoute.action(
        args(formPost('/account/designs', { intent: 'delete', id }, owner.cookie)) as never,
      ),
    );
    expect(mine).toMatchObject({ status: 302, location: '/account/designs?deleted=1' });
    expect(await app.database.db.select().from(designs).where(eq(designs.id, id))).toEqual([]);
  });

  it('shows a design at /d/:id with its social card, and 404 for an unknown id', async () => {
    const [row] = await app.database.db.select({ id: designs.id }).from(designs).limit(1);
    const id = row!.id;
    const shown = (await designRoute.loader(args(pageGet(`/d/${id}`), { id }) as never)) as {
      design: { garmentLabel: string; options: { name: string }[] };
    };
    expect(shown.design.garmentLabel).toBe('Sherwani');
    expect(shown.design.options.map((o) => o.name)).toContain('Zardozi buttons');
    const unknown = await routeOutcome(() =>
      designRoute.loader(
        args(pageGet('/d/AAAAAAAAAAAAAAAAAAAAAA'), { id: 'AAAAAAAAAAAAAAAAAAAAAA' }) as never,
      ),
    );
    expect(unknown.status).toBe(404);
    const card = await designCardRoute.loader(args(pageGet(`/d/${id}/card.jpg`), { id }) as never);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const missing = await designCardRoute.loader(
      args(pageGet('/d/AAAAAAAAAAAAAAAAAAAAAA/card.jpg'), {
        id: 'AAAAAAAAAAAAAAAAAAAAAA',
      }) as never,
    );
    expect(missing.status).toBe(404);
  });
});
