/**
 * The shipping settings' back-office form on a real database (issue 32 item 2): rupees and
 * grams read into the zone table, blank slab rows skipped, each refusal named on its field, a
 * save audited and refused when stale, and the route answering those who may edit settings.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '~/lib/schema.server';
import { SHIPPING_ZONES } from '~/lib/couriers/types';
import { Refusal } from '~/lib/refusal';
import { putSettingsDocument } from '~/features/site/settings-documents.server';
import * as shippingSettingsRoute from '~/routes/admin/shipping-settings';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { defaultShippingSettings } from './shipping-settings';
import {
  getShippingSettingsForAdmin,
  saveShippingSettings,
  shippingSettingsFormSchema,
} from './shipping-settings-form.server';
import { getShippingSettings, SHIPPING_SETTINGS_KEY } from './shipping.server';

let app: TestApp;
let adminCookie: string;
let customerCookie: string;
const actor = { id: '', email: 'shipping-owner@example.com' };

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signedIn('admin', actor.email);
  actor.id = admin.userId;
  adminCookie = admin.cookie;
  customerCookie = (await app.signedIn('user')).cookie;
});
afterAll(() => app?.dispose());

/** The form as the screen sends it for the default settings, with `overrides`. */
const form = (overrides: Record<string, string | string[]> = {}) => ({
  freeAbove: '5,000',
  dispatchDays: '1',
  pickupEnabled: 'on',
  weightPiece: '600',
  weightMetre: '250',
  remoteState: ['Assam', 'Ladakh'],
  remotePrefixes: '744, 682555',
  taxRule: 'principal',
  separateRate: '18',
  codEnabled: 'on',
  codLimit: '10,000',
  codFee: '50',
  codHours: '48',
  ...Object.fromEntries(
    SHIPPING_ZONES.flatMap((zone) => [
      [`days-${zone}`, String(defaultShippingSettings.zones[zone].estimatedDays)],
      [`extra-${zone}`, '20'],
      [`slab-${zone}-0-grams`, '500'],
      [`slab-${zone}-0-charge`, '40'],
      [`slab-${zone}-1-grams`, ''],
      [`slab-${zone}-1-charge`, ''],
      [`slab-${zone}-2-grams`, '1000'],
      [`slab-${zone}-2-charge`, '60.50'],
    ]),
  ),
  ...overrides,
});

const problem = (overrides: Record<string, string | string[]>, field: string) =>
  shippingSettingsFormSchema
    .safeParse(form(overrides))
    .error?.issues.find((issue) => issue.path[0] === field)?.message;

describe(`the shipping settings form on ${testDatabaseKind}`, () => {
  it('reads rupees, grams and the remote areas, skipping blank slab rows', () => {
    const { edited } = shippingSettingsFormSchema.parse(
      form({ 'slab-national-0-grams': '2000', 'slab-national-0-charge': '190', freeAbove: '0' }),
    );
    expect(edited.zones.local).toEqual({
      slabs: [
        { upToGrams: 500, chargePaise: 4_000 },
        { upToGrams: 1_000, chargePaise: 6_050 },
      ],
      extraPer500gPaise: 2_000,
      estimatedDays: 1,
    });
    // Slabs are kept lightest first, whatever order they were typed in.
    expect(edited.zones.national.slabs.map((slab) => slab.upToGrams)).toEqual([1_000, 2_000]);
    expect(edited.freeAbovePaise).toBe(0);
    expect(edited.remote).toEqual({
      states: ['Assam', 'Ladakh'],
      pincodePrefixes: ['744', '682555'],
    });
    expect(
      shippingSettingsFormSchema.parse(form({ remoteState: 'Sikkim' })).edited.remote.states,
    ).toEqual(['Sikkim']);
    expect(shippingSettingsFormSchema.parse(form({ pickupEnabled: '' })).edited.pickupEnabled).toBe(
      false,
    );
  });

  it('names the field of each refusal', () => {
    expect(problem({ 'slab-state-2-grams': '500' }, 'slab-state-2-grams')).toBe(
      'Each weight of a zone may appear once.',
    );
    expect(problem({ 'slab-remote-2-charge': 'free' }, 'slab-remote-2-charge')).toBe(
      'Please enter a charge in rupees, from 0 to 1,00,000.',
    );
    expect(problem({ 'slab-local-0-grams': '0' }, 'slab-local-0-grams')).toBe(
      'Please enter whole grams, from 1 to 1,00,000.',
    );
    expect(
      problem(
        {
          'slab-local-0-grams': '',
          'slab-local-0-charge': '',
          'slab-local-2-grams': '',
          'slab-local-2-charge': '',
        },
        'slab-local-0-grams',
      ),
    ).toBe('Please give each zone at least one weight and its charge.');
    expect(problem({ remotePrefixes: '0744' }, 'remotePrefixes')).toMatch(/^Please list PIN code/);
    expect(problem({ remoteState: 'Atlantis' }, 'remoteState')).toBe(
      'Please tick states from the list.',
    );
    expect(problem({ 'days-remote': '31' }, 'days-remote')).toBe(
      'Please enter whole days, from 0 to 30.',
    );
    expect(problem({ separateRate: '40' }, 'separateRate')).toBe(
      'Please enter a GST rate from 0 to 28.',
    );
    expect(problem({ taxRule: 'none' }, 'taxRule')).toBe('Please choose how shipping is taxed.');
    expect(problem({ codHours: '0' }, 'codHours')).toBe('Please enter whole hours, from 1 to 336.');
  });

  it('saves with an audit entry and refuses a stale save', async () => {
    await putSettingsDocument(app.database.db, SHIPPING_SETTINGS_KEY, defaultShippingSettings);
    const { version } = await getShippingSettingsForAdmin(app.database.db);
    const answer = await saveShippingSettings(
      app.database.db,
      actor,
      shippingSettingsFormSchema.parse(form({ version: version!, freeAbove: '3,000' })),
    );
    expect(answer).toBe('Saved the shipping settings.');
    const saved = await getShippingSettings(app.database.db);
    expect(saved.freeAbovePaise).toBe(300_000);
    expect(saved.cod).toEqual({
      enabled: true,
      limitPaise: 1_000_000,
      feePaise: 5_000,
      confirmHours: 48,
    });
    expect(saved.zones.remote.slabs).toEqual([
      { upToGrams: 500, chargePaise: 4_000 },
      { upToGrams: 1_000, chargePaise: 6_050 },
    ]);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, SHIPPING_SETTINGS_KEY)));
    expect(entry).toMatchObject({
      actorEmail: actor.email,
      action: 'settings.update',
      summary: 'Edited the shipping settings (free above ₹3,000)',
    });

    const stale = await saveShippingSettings(
      app.database.db,
      actor,
      shippingSettingsFormSchema.parse(form({ version: version!, freeAbove: '9,000' })),
    ).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(Refusal);
    expect((stale as Refusal).code).toBe('conflict');
    expect((await getShippingSettings(app.database.db)).freeAbovePaise).toBe(300_000);
  });

  it('answers through the route to administrators only; a refused form changes nothing', async () => {
    const { version } = await getShippingSettingsForAdmin(app.database.db);
    const fields = { ...form({ version: version! }), remoteState: 'Assam' } as Record<
      string,
      string
    >;
    const post = (overrides: Record<string, string>, cookie?: string) =>
      routeOutcome(() =>
        shippingSettingsRoute.action({
          request: formPost(
            '/admin/settings/shipping',
            { intent: 'save-shipping-settings', ...fields, ...overrides },
            cookie,
          ),
          context: app.context,
          params: {},
        } as never),
      );
    const before = await app.database.db.select().from(siteSettings);
    expect((await post({}, undefined)).status).toBe(401);
    expect((await post({ freeAbove: '1' }, customerCookie)).status).toBe(403);
    const refused = await post({ 'extra-local': 'lots' }, adminCookie);
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: { 'extra-local': expect.any(String) },
    });
    expect(await app.database.db.select().from(siteSettings)).toEqual(before);

    const page = await routeOutcome(() =>
      shippingSettingsRoute.loader({
        request: pageGet('/admin/settings/shipping', customerCookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(page.status).toBe(302);
    const saved = await post({ freeAbove: '2,500', codEnabled: '', codFee: '0' }, adminCookie);
    expect(saved.status).toBe(200);
    const after = await getShippingSettings(app.database.db);
    expect(after.freeAbovePaise).toBe(250_000);
    expect(after.cod).toMatchObject({ enabled: false, feePaise: 0 });
  });
});
