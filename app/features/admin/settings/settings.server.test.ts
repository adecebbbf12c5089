/**
 * The shop settings in the back office on a real database: every field validated with its own
 * message, WhatsApp numbers normalised, stale saves refused, an audit entry per save, and the
 * storefront's reading (getSiteSettings) showing the new values.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/lib/schema.server';
import { defaultSiteSettings } from '~/features/site/settings';
import { getSiteSettings } from '~/features/site/settings.server';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import {
  getSettingsForAdmin,
  normaliseWhatsappNumber,
  saveSettings,
  settingsFormSchema,
} from './settings.server';
import { Refusal } from '~/lib/refusal';

let app: TestApp;
const actor = { id: '', email: 'owner@example.com' };

beforeAll(async () => {
  app = await createTestApp();
  actor.id = (await app.signedIn('admin', actor.email)).userId;
});
afterAll(() => app?.dispose());

/** A complete, valid form as the settings screen sends it. */
function form(overrides: Record<string, string | string[]> = {}) {
  const d = defaultSiteSettings;
  return {
    shopName: d.shopName,
    tagline: d.tagline,
    phone: d.phone,
    whatsappNumber: '+91 90000 00001',
    enquiryWhatsappNumber: '+91 90000 00002',
    email: d.email,
    street: d.address.street,
    city: d.address.city,
    region: d.address.region,
    postalCode: d.address.postalCode,
    country: d.address.country,
    latitude: '22.3039',
    longitude: '70.8022',
    hoursDays: ['Monday to Saturday', 'Sunday'],
    hoursOpens: ['10:00 AM', '11:00 AM'],
    hoursCloses: ['8:00 PM', '6:00 PM'],
    instagram: 'https://instagram.com/tailoring.example',
    facebook: '',
    youtube: '',
    ...overrides,
  };
}

const messageFor = (overrides: Record<string, string | string[]>, field: string) =>
  settingsFormSchema
    .safeParse(form(overrides))
    .error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('the settings form', () => {
  it('normalises WhatsApp numbers to country code and digits', () => {
    expect(normaliseWhatsappNumber('+91 98765 43210')).toBe('919876543210');
    expect(normaliseWhatsappNumber('98765-43210')).toBe('919876543210');
    expect(normaliseWhatsappNumber('+44 20 7946 0958')).toBe('442079460958');
  });

  it.each([
    [{ whatsappNumber: '12345' }, 'whatsappNumber', /with its country code/],
    [{ enquiryWhatsappNumber: 'call me' }, 'enquiryWhatsappNumber', /with its country code/],
    [{ email: 'shop@' }, 'email', /valid e-mail/],
    [{ postalCode: '36001' }, 'postalCode', /6-digit PIN code/],
    [{ country: 'India' }, 'country', /two-letter country code/],
    [{ latitude: '122' }, 'latitude', /between -90 and 90/],
    [{ longitude: 'east' }, 'longitude', /must be a number/],
    [{ shopName: '  ' }, 'shopName', /Please enter the shop name/],
    [{ phone: 'ring the bell' }, 'phone', /digits, spaces/],
    [{ instagram: 'javascript:alert(1)' }, 'instagram', /starting with https:\/\//],
    [{ facebook: 'http://facebook.com/x' }, 'facebook', /starting with https:\/\//],
    [{ hoursOpens: ['10:00 AM', ''] }, 'hoursDays', /row 2 of the opening hours/],
    [
      {
        hoursDays: Array(8).fill('Day'),
        hoursOpens: Array(8).fill('9'),
        hoursCloses: Array(8).fill('5'),
      },
      'hoursDays',
      /7 rows/,
    ],
  ])('refuses %j beside its field', (overrides, field, message) => {
    expect(messageFor(overrides, field)).toMatch(message);
  });
});

describe(`saving the settings on ${testDatabaseKind}`, () => {
  it('saves, shows the new values to the storefront, and records before and after', async () => {
    const { version } = await getSettingsForAdmin(app.database.db);
    const message = await saveSettings(
      app.database.db,
      actor,
      settingsFormSchema.parse(
        form({
          version: version ?? '',
          shopName: 'Rajkot <b>Tailoring</b> House',
          enquiryWhatsappNumber: '98765 43210',
          hoursDays: ['Every day', ''],
          hoursOpens: ['10:00 AM', ''],
          hoursCloses: ['9:00 PM', ''],
        }),
      ),
    );
    expect(message).toBe('Settings saved. The shop shows them now.');
    const shown = await getSiteSettings(app.database.db);
    expect(shown.shopName).toBe('Rajkot <b>Tailoring</b> House');
    expect(shown.enquiryWhatsappNumber).toBe('919876543210');
    expect(shown.whatsappNumber).toBe('919000000001');
    expect(shown.hours).toEqual([{ days: 'Every day', opens: '10:00 AM', closes: '9:00 PM' }]);
    expect(shown.social).toEqual({ instagram: 'https://instagram.com/tailoring.example' });

    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'settings'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'settings.update', actorEmail: 'owner@example.com' });
    expect((entry!.before as { enquiryWhatsappNumber: string }).enquiryWhatsappNumber).toBe(
      '919000000002',
    );
    expect((entry!.after as { enquiryWhatsappNumber: string }).enquiryWhatsappNumber).toBe(
      '919876543210',
    );
  });

  it('refuses a save over settings someone saved since, keeping theirs', async () => {
    const { version } = await getSettingsForAdmin(app.database.db);
    await saveSettings(
      app.database.db,
      actor,
      settingsFormSchema.parse(form({ version: version!, tagline: 'Theirs' })),
    );
    const error = await saveSettings(
      app.database.db,
      actor,
      settingsFormSchema.parse(form({ version: version!, tagline: 'Mine' })),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).code).toBe('conflict');
    expect((await getSiteSettings(app.database.db)).tagline).toBe('Theirs');
  });
});
