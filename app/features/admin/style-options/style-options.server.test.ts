/**
 * /admin/style-options' rules (issue 21 item 1): rupees typed become paise, a code is unique in
 * its group, deleting an option a saved design uses is refused, a pair is listed once (either
 * way round), and the bespoke prices change the configurator's quote. Every change is audited.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, designs, styleOptionConflicts, styleOptions } from '~/lib/schema.server';
import { GARMENT_TYPES } from '~/lib/schema-enums';
import * as styleOptionsRoute from '~/routes/admin/style-options';
import { quoteDesign } from '~/features/bespoke/style-catalogue.server';
import { seedStyleOptions } from '~/seed/seed.server';
import {
  createTestApp,
  formPost,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
  await seedStyleOptions(app.database.db);
  cookie = (await app.signedIn('admin')).cookie;
});
afterAll(() => app.dispose());

async function post(fields: Record<string, string>) {
  const outcome = await routeOutcome(() =>
    styleOptionsRoute.action({
      request: formPost('/admin/style-options', fields, cookie),
      context: app.context,
      params: {},
    } as never),
  );
  return {
    status: outcome.status,
    data: outcome.data as { ok: boolean; message: string; fieldErrors?: Record<string, string> },
  };
}

const option = (group: string, code: string) =>
  app.database.db
    .select()
    .from(styleOptions)
    .where(and(eq(styleOptions.group, group as 'button'), eq(styleOptions.code, code)))
    .then(([row]) => row!);

describe(`style options in the back office on ${testDatabaseKind}`, () => {
  it('adds an option with its price typed in rupees, and refuses a code already used', async () => {
    const added = await post({
      intent: 'save-option',
      group: 'button',
      code: 'Ebony-Black',
      name: 'Ebony buttons',
      garmentTypes: 'sherwani',
      price: '₹1,250.50',
      isActive: 'on',
    });
    expect(added).toMatchObject({
      status: 200,
      data: { ok: true, message: 'Added Ebony buttons.' },
    });
    expect(await option('button', 'ebony-black')).toMatchObject({
      pricePaise: 125_050,
      garmentTypes: ['sherwani'],
      isActive: true,
    });
    const again = await post({
      intent: 'save-option',
      group: 'button',
      code: 'ebony-black',
      name: 'Twice',
      garmentTypes: 'shirt',
    });
    expect(again.status).toBe(409);
    const bad = await post({
      intent: 'save-option',
      group: 'sleeve',
      code: 'x y',
      name: '',
      price: '-4',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.data.fieldErrors ?? {}).sort()).toEqual(
      ['code', 'garmentTypes', 'group', 'name', 'price'].sort(),
    );
  });

  it('refuses to delete an option a saved design uses, and deletes one no design uses', async () => {
    const used = await option('button', 'zardozi');
    await app.database.db.insert(designs).values({
      id: 'AdminTestDesign0000001',
      garmentType: 'sherwani',
      options: { button: 'zardozi' },
      estimatePaise: 1,
    });
    const refused = await post({ intent: 'delete-option', id: String(used.id) });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(
      'Zardozi buttons is in 1 saved design; untick Active to stop offering it instead.',
    );
    const free = await option('button', 'ebony-black');
    expect((await post({ intent: 'delete-option', id: String(free.id) })).status).toBe(200);
    expect((await post({ intent: 'delete-option', id: String(free.id) })).status).toBe(404);
  });

  it('lists a pair once, either way round, and removes it', async () => {
    const notch = await option('lapel', 'notch');
    const single = await option('closure', 'single-1');
    const reason = 'A test pair that is not made together.';
    const first = await post({
      intent: 'add-conflict',
      optionId: String(notch.id),
      otherOptionId: String(single.id),
      reason,
    });
    expect(first.status).toBe(200);
    const reversed = await post({
      intent: 'add-conflict',
      optionId: String(single.id),
      otherOptionId: String(notch.id),
      reason,
    });
    expect(reversed.status).toBe(409);
    const check = await quoteDesign(app.database.db, {
      garmentType: 'suit_jacket',
      fabricPricePerMetrePaise: 100_000,
      options: { lapel: 'notch', closure: 'single-1' },
    });
    expect(check.ok).toBe(false);
    const [pair] = await app.database.db
      .select()
      .from(styleOptionConflicts)
      .where(eq(styleOptionConflicts.reason, reason));
    expect((await post({ intent: 'remove-conflict', id: String(pair!.id) })).status).toBe(200);
  });

  it('saves the bespoke prices, which the quote uses at once', async () => {
    const [before] = await app.database.db.select({ n: count() }).from(auditLog);
    const saved = await post({
      intent: 'save-prices',
      advancePercent: '40',
      ...Object.fromEntries(
        GARMENT_TYPES.flatMap((type) => [
          [`base_${type}`, type === 'sherwani' ? '16,000' : '5000'],
          [`metres_${type}`, type === 'sherwani' ? '3.25' : '2'],
        ]),
      ),
    });
    expect(saved.status).toBe(200);
    const quote = await quoteDesign(app.database.db, {
      garmentType: 'sherwani',
      fabricPricePerMetrePaise: 100_000,
      options: {},
    });
    expect(quote.ok && quote.quote).toEqual({
      basePaise: 1_600_000,
      fabricPaise: 325_000,
      optionsPaise: 0,
      totalPaise: 1_925_000,
    });
    const refused = await post({ intent: 'save-prices', advancePercent: '0', base_shirt: 'abc' });
    expect(refused.status).toBe(422);
    const [after] = await app.database.db.select({ n: count() }).from(auditLog);
    expect(after!.n).toBe(before!.n + 1);
  });
});
