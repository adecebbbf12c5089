/**
 * The GST rate rules on a real database (issue 29 item 1): the migration ships the rules in
 * force before and since GST 2.0, labelled for the accountant; the settings page's view shows
 * the rule each category falls under today; a rule added from a date changes the rate of an
 * invoice dated from then, not of one dated before nor of one already issued; adding is
 * refused with a message for a bad form or an overlapping band; retiring is audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, orderLines, orders, products, user } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { issueInvoice } from './invoices.server';
import { getInvoicingSettingsView } from './invoicing-settings.server';
import { describeGeneration, rulesInForce } from './rate-rules';
import {
  addRateRule,
  listRateRules,
  rateRuleFormSchema,
  retireRateRule,
  retireRateRuleSchema,
} from './rate-rules.server';

const problems = (form: Record<string, unknown>) => {
  const parsed = rateRuleFormSchema.safeParse(form);
  return parsed.success
    ? {}
    : Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      );
};

const validRule = {
  code: '6205',
  band: 'above',
  bandRupees: '2,500',
  ratePercent: '12',
  effectiveFrom: '2027-01-01',
  label: 'Test rule',
};

describe('the "add a rule" form', () => {
  it('reads the band edge in rupees as paise', () => {
    expect(rateRuleFormSchema.parse(validRule)).toEqual({
      code: '6205',
      abovePaise: 250_000,
      upToPaise: null,
      ratePercent: 12,
      effectiveFrom: '2027-01-01',
      label: 'Test rule',
    });
    expect(rateRuleFormSchema.parse({ ...validRule, band: 'none', bandRupees: '' })).toMatchObject({
      abovePaise: null,
      upToPaise: null,
    });
  });

  it.each([
    [{ code: '6' }, 'code', '2 to 8 digits'],
    [{ code: '62a5' }, 'code', '2 to 8 digits'],
    [{ band: 'between' }, 'band', 'choose the band'],
    [{ bandRupees: '' }, 'bandRupees', 'band’s edge'],
    [{ bandRupees: '-5' }, 'bandRupees', 'band’s edge'],
    [{ ratePercent: '7.25' }, 'ratePercent', 'from 0 to 28'],
    [{ ratePercent: '29' }, 'ratePercent', 'from 0 to 28'],
    [{ ratePercent: '' }, 'ratePercent', 'from 0 to 28'],
    [{ effectiveFrom: '2025-02-30' }, 'effectiveFrom', 'date the rule takes effect'],
  ])('refuses %j beside %s', (change, field, message) => {
    expect(problems({ ...validRule, ...change })[field]).toContain(message);
  });

  it.each(['x', '', '1.5', '-1', '0', '2147483648', '9007199254740993'])(
    'refuses the rule id %j',
    (id) => {
      expect(retireRateRuleSchema.safeParse({ id }).success).toBe(false);
    },
  );
});

describe(`GST rate rules on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const actor = { id: 'admin-1', email: 'admin@example.com' };
  let shirtsId: number;
  let orderCount = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values({ id: actor.id, name: 'Admin', email: actor.email });
    const [shirts] = await database.db
      .insert(categories)
      .values({ name: 'Ready to Wear', slug: 'ready-to-wear' })
      .returning();
    const [shirt] = await database.db
      .insert(products)
      .values({ slug: 'oxford', name: 'Oxford shirt', categoryId: shirts!.id, pricePaise: 304_800 })
      .returning();
    shirtsId = shirt!.id;
  });
  afterAll(() => database?.dispose());

  /** A paid order of one ₹3,048 shirt (category ready-to-wear, HSN 6205 by the settings). */
  async function paidShirtOrder() {
    const n = ++orderCount;
    const [order] = await database.db
      .insert(orders)
      .values({
        number: `RT-RULE-${n}`,
        status: 'paid',
        amountPaise: 304_800,
        customerName: 'Asha Patel',
        email: 'asha@example.com',
        phone: '+919876543210',
        address: '4 Kalawad Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360005',
        provider: 'sandbox',
        paidAt: new Date(),
      })
      .returning();
    await database.db.insert(orderLines).values({
      orderId: order!.id,
      productId: shirtsId,
      name: 'Oxford shirt',
      quantity: 1,
      unitPricePaise: 304_800,
    });
    return order!.id;
  }

  it('ships the rules before and since GST 2.0, labelled for the accountant', async () => {
    const rules = await listRateRules(database.db);
    expect(rules.every((rule) => rule.label.includes('to be confirmed by the shop'))).toBe(true);
    const show = (code: string, date: string) =>
      rulesInForce(rules, code, date).map((r) => [
        r.code,
        r.abovePaise,
        r.upToPaise,
        r.ratePercent,
      ]);
    expect(show('62052000', '2025-09-21')).toEqual([
      ['62', null, 100_000, 5],
      ['62', 100_000, null, 12],
    ]);
    expect(show('6109', '2025-09-22')).toEqual([
      ['61', null, 250_000, 5],
      ['61', 250_000, null, 18],
    ]);
    expect(show('5208', '2026-11-26')).toEqual([['5208', null, null, 5]]);
    expect(show('5309', '2026-11-26')).toEqual([['5309', null, null, 5]]);
    expect(show('998821', '2026-11-26')).toEqual([['998821', null, null, 5]]);
  });

  it('shows the rule each category falls under today on the settings page', async () => {
    const view = await getInvoicingSettingsView(database.db, new Date('2026-11-26T06:00:00Z'));
    expect(view.today).toBe('2026-11-26');
    const code = view.settings.categories['ready-to-wear']!.code;
    expect(code).toBe('6205');
    expect(describeGeneration(rulesInForce(view.rules, code, view.today))).toBe(
      '5% up to ₹2,500 a piece; 18% above ₹2,500 a piece (HSN/SAC 62, from Monday, 22 September 2025)',
    );
  });

  it('a new rule changes the rate of a later invoice, not an earlier one nor an issued one', async () => {
    const issuedBefore = await issueInvoice(
      database.db,
      await paidShirtOrder(),
      new Date('2026-12-01T06:00:00Z'),
    );
    expect(issuedBefore.ok && issuedBefore.issued.document.lines[0]!.ratePercent).toBe(18);

    const added = await addRateRule(database.db, actor, rateRuleFormSchema.parse(validRule));
    await addRateRule(
      database.db,
      actor,
      rateRuleFormSchema.parse({ ...validRule, band: 'upTo', ratePercent: '5' }),
    );
    const dated = async (iso: string) => {
      const outcome = await issueInvoice(database.db, await paidShirtOrder(), new Date(iso));
      return outcome.ok ? outcome.issued.document.lines[0]!.ratePercent : null;
    };
    expect(await dated('2026-12-31T06:00:00Z')).toBe(18); // before the rule's date
    expect(await dated('2027-01-01T06:00:00Z')).toBe(12); // from its date, the heading's rule
    const [kept] = await database.db.select().from(orders).where(eq(orders.number, 'RT-RULE-1'));
    const again = await issueInvoice(database.db, kept!.id, new Date('2027-02-01T06:00:00Z'));
    expect(again.ok && again.issued.document.lines[0]!.ratePercent).toBe(18); // issued: a snapshot

    // The same band twice on the same date is refused; retiring the rule lets it be corrected.
    await expect(
      addRateRule(
        database.db,
        actor,
        rateRuleFormSchema.parse({ ...validRule, ratePercent: '28' }),
      ),
    ).rejects.toThrow('already covers part of that band');
    expect(await retireRateRule(database.db, actor, { id: added.id })).toContain('Rule retired');
    expect(await retireRateRule(database.db, actor, { id: added.id })).toBe(
      'This rule was already retired.',
    );
    await expect(retireRateRule(database.db, actor, { id: 999_999 })).rejects.toThrow(
      'no longer exists',
    );
    await addRateRule(
      database.db,
      actor,
      rateRuleFormSchema.parse({ ...validRule, ratePercent: '28' }),
    );
    expect(await dated('2027-01-01T06:00:00Z')).toBe(28);

    const audit = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'tax-rate-rule'));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'tax-rate-rule.create',
      'tax-rate-rule.create',
      'tax-rate-rule.create',
      'tax-rate-rule.retire',
    ]);
  });
});
