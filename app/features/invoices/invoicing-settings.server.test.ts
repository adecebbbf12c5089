/**
 * The invoicing settings' form (issue 21 item 5): the GSTIN is checked (length, shape, check
 * character, the state's code), prefixes keep numbers within 16 characters and differ,
 * HSN/SAC codes are validated row by row with a message beside the row (rates are the GST rate
 * rules', issue 29 item 1: a `taxRate` a stale form sends, or a rate stored before, is
 * ignored); a save is audited and versioned, and a read of a damaged row falls back to the
 * defaults.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings, user } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { defaultInvoicingSettings } from './invoicing-settings';
import {
  getInvoicingSettings,
  getInvoicingSettingsView,
  invoicingSettingsFormSchema,
  saveInvoicingSettings,
} from './invoicing-settings.server';

const valid = {
  legalName: 'Rajkot Tailoring House Private Limited',
  tradeName: 'Rajkot Tailoring House',
  address: '12 Example Market Road\r\nRajkot 360001',
  gstin: '24abcde1234f1z6',
  state: 'Gujarat',
  invoicePrefix: 'rtx',
  creditNotePrefix: 'CN',
  signatory: 'A. Patel',
  taxKey: ['category:fabrics', 'garment:sherwani', 'fallback'],
  taxCode: ['5407', '62034200', '998821'],
  taxRate: ['5', '18', '2.5'],
};

const problems = (form: Record<string, unknown>) => {
  const parsed = invoicingSettingsFormSchema.safeParse(form);
  return parsed.success
    ? {}
    : Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      );
};

describe('the invoicing settings form', () => {
  it('takes a valid form, upper-casing the GSTIN and prefixes', () => {
    const parsed = invoicingSettingsFormSchema.parse(valid);
    expect(parsed).toMatchObject({ gstin: '24ABCDE1234F1Z6', invoicePrefix: 'RTX' });
  });

  it.each([
    [{ gstin: '24ABCDE1234F1Z7' }, 'gstin', 'check character'],
    [{ gstin: '24ABCDE1234F1Z' }, 'gstin', '15 characters'],
    [{ gstin: '27AAPFU0939F1ZV' }, 'gstin', 'a Gujarat GSTIN starts with 24'],
    [{ invoicePrefix: 'RTXX' }, 'invoicePrefix', '1 to 3 capital letters'],
    [{ invoicePrefix: 'R/T' }, 'invoicePrefix', '1 to 3 capital letters'],
    [{ creditNotePrefix: 'RTX' }, 'creditNotePrefix', 'must differ'],
    [{ refundVoucherPrefix: 'cn' }, 'refundVoucherPrefix', 'must differ'],
    [{ refundVoucherPrefix: 'RVXX' }, 'refundVoucherPrefix', '1 to 3 capital letters'],
    [{ receiptVoucherPrefix: 'cn' }, 'receiptVoucherPrefix', 'must differ'],
    [{ receiptVoucherPrefix: 'RCPT' }, 'receiptVoucherPrefix', '1 to 3 capital letters'],
    [{ state: 'Atlantis' }, 'state', 'choose the supplier'],
    [{ legalName: '  ' }, 'legalName', 'enter the legal name'],
    [{ taxCode: ['52', '6203', '998821'] }, 'taxCode.category:fabrics', '4, 6 or 8 digits'],
    [{ taxKey: ['category:../x', 'fallback', 'fallback'] }, 'taxKey', 'not known'],
  ])('refuses %j beside %s', (change, field, message) => {
    expect(problems({ ...valid, ...change })[field]).toContain(message);
  });
});

describe(`saving the invoicing settings on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const actor = { id: 'admin-1', email: 'admin@example.com' };
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values({ id: actor.id, name: 'Admin', email: actor.email });
  });
  afterAll(() => database?.dispose());

  it('saves over its version with an audit entry, and refuses a stale version', async () => {
    expect(await getInvoicingSettings(database.db)).toEqual(defaultInvoicingSettings);
    const form = invoicingSettingsFormSchema.parse({ ...valid, version: '' });
    await saveInvoicingSettings(database.db, actor, form);
    const saved = await getInvoicingSettings(database.db);
    expect(saved).toMatchObject({
      invoicePrefix: 'RTX',
      address: '12 Example Market Road\nRajkot 360001',
      categories: {
        ...defaultInvoicingSettings.categories,
        fabrics: { code: '5407' },
      },
      garments: {
        ...defaultInvoicingSettings.garments,
        sherwani: { code: '62034200' },
      },
      fallback: { code: '998821' },
    });
    // The stale form's taxRate list was not stored: the rules give the rates.
    expect(JSON.stringify(saved)).not.toContain('ratePercent');
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'invoicing'));
    expect(audit).toHaveLength(1);
    await expect(saveInvoicingSettings(database.db, actor, form)).rejects.toThrow(
      'changed by someone else',
    );
    const view = await getInvoicingSettingsView(database.db);
    await saveInvoicingSettings(database.db, actor, {
      ...form,
      version: view.version,
      signatory: 'B. Shah',
    });
    expect((await getInvoicingSettings(database.db)).signatory).toBe('B. Shah');
    // The refund vouchers' prefix (issue 28 item 3): 'RV' until set; a form without it keeps it.
    expect((await getInvoicingSettings(database.db)).refundVoucherPrefix).toBe('RV');
    await saveInvoicingSettings(database.db, actor, {
      ...form,
      version: (await getInvoicingSettingsView(database.db)).version,
      refundVoucherPrefix: 'RF',
    });
    expect((await getInvoicingSettings(database.db)).refundVoucherPrefix).toBe('RF');
    await saveInvoicingSettings(database.db, actor, {
      ...form,
      version: (await getInvoicingSettingsView(database.db)).version,
      refundVoucherPrefix: undefined,
    });
    expect((await getInvoicingSettings(database.db)).refundVoucherPrefix).toBe('RF');
    // The receipt vouchers' prefix (issue 29 item 3): 'RCV' until set; a form without it keeps it.
    expect((await getInvoicingSettings(database.db)).receiptVoucherPrefix).toBe('RCV');
    await saveInvoicingSettings(database.db, actor, {
      ...form,
      version: (await getInvoicingSettingsView(database.db)).version,
      receiptVoucherPrefix: 'AV',
    });
    await saveInvoicingSettings(database.db, actor, {
      ...form,
      version: (await getInvoicingSettingsView(database.db)).version,
      receiptVoucherPrefix: undefined,
    });
    expect((await getInvoicingSettings(database.db)).receiptVoucherPrefix).toBe('AV');
  });

  it('edits the SAC of tailoring on the customer’s own cloth, 998821 until set (issue 29 item 1)', async () => {
    expect((await getInvoicingSettings(database.db)).tailoring).toEqual({ code: '998821' });
    const view = await getInvoicingSettingsView(database.db);
    await saveInvoicingSettings(
      database.db,
      actor,
      invoicingSettingsFormSchema.parse({
        ...valid,
        version: view.version,
        taxKey: ['tailoring'],
        taxCode: ['99882100'],
      }),
    );
    const saved = await getInvoicingSettings(database.db);
    expect(saved.tailoring).toEqual({ code: '99882100' });
    // The fallback, sent by no row, keeps its code.
    expect(saved.fallback).toEqual(view.settings.fallback);
    expect(problems({ ...valid, taxKey: ['tailoring'], taxCode: ['9988'] })).toEqual({});
    expect(problems({ ...valid, taxKey: ['tailoring'], taxCode: ['99A'] })).toHaveProperty([
      'taxCode.tailoring',
    ]);
  });

  it('reads a damaged row field by field, with the defaults where it is bad', async () => {
    await database.db
      .update(siteSettings)
      .set({
        value: {
          gstin: 'nonsense',
          invoicePrefix: 'TOOLONG',
          legalName: 'Kept Ltd',
          // A row saved before issue 29 still holds rates: read, and dropped.
          fallback: { code: '998821', ratePercent: 12 },
        },
      })
      .where(eq(siteSettings.key, 'invoicing'));
    expect(await getInvoicingSettings(database.db)).toEqual({
      ...defaultInvoicingSettings,
      legalName: 'Kept Ltd',
    });
  });
});
