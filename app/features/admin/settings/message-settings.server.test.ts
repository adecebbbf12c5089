/**
 * The WhatsApp templates in the back office on a real database: defaults until saved, each
 * name and the language checked with its own message, stale saves refused, an audit entry per
 * save, the messages' reading (getMessageSettings) showing the new names, and the route
 * answering administrators only, changing nothing for anyone else.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '~/lib/schema.server';
import * as settingsRoute from '~/routes/admin/settings';
import { defaultMessageSettings } from '~/features/customers/message-settings';
import { getMessageSettings } from '~/features/customers/message-settings.server';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import {
  getMessageSettingsForAdmin,
  messageSettingsFormSchema,
  saveMessageSettings,
} from './message-settings.server';
import { Refusal } from '~/lib/refusal';

let app: TestApp;
let adminCookie: string;
let customerCookie: string;
const actor = { id: '', email: 'templates-owner@example.com' };

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signedIn('admin', actor.email);
  actor.id = admin.userId;
  adminCookie = admin.cookie;
  customerCookie = (await app.signedIn('user')).cookie;
});
afterAll(() => app?.dispose());

const form = (overrides: Record<string, string> = {}) => ({
  language: 'en_US',
  appointmentConfirmation: 'booking_confirmed_v2',
  appointmentReminder: 'booking_reminder',
  appointmentChange: 'booking_changed',
  orderStatus: 'order_news',
  ...overrides,
});

const post = (fields: Record<string, string>, cookie?: string) =>
  routeOutcome(() =>
    settingsRoute.action({
      request: formPost('/admin/settings', { intent: 'save-message-settings', ...fields }, cookie),
      context: app.context,
      params: {},
    } as never),
  );

describe(`the WhatsApp templates in the back office on ${testDatabaseKind}`, () => {
  it('refuses names and language codes WhatsApp would not take, naming the field', () => {
    const message = (overrides: Record<string, string>, field: string) =>
      messageSettingsFormSchema
        .safeParse(form(overrides))
        .error?.issues.find((issue) => issue.path[0] === field)?.message;
    expect(message({ appointmentReminder: 'Booking Reminder' }, 'appointmentReminder')).toBe(
      'The template name for the appointment reminder takes lower-case letters, digits and underscores only, as in WhatsApp Manager.',
    );
    expect(message({ orderStatus: ' ' }, 'orderStatus')).toBe(
      'Please enter the template name for the order status.',
    );
    expect(message({ language: 'English' }, 'language')).toBe(
      'Please enter the language code as WhatsApp Manager shows it, like en or en_US.',
    );
  });

  it('saves the names with an audit entry, refuses a stale save, and the messages use them', async () => {
    const first = await getMessageSettingsForAdmin(app.database.db);
    expect(first).toEqual({ settings: defaultMessageSettings, version: null });

    const answer = await saveMessageSettings(
      app.database.db,
      actor,
      messageSettingsFormSchema.parse(form()),
    );
    expect(answer).toBe('WhatsApp templates saved. The next messages use them.');
    expect(await getMessageSettings(app.database.db)).toEqual({
      language: 'en_US',
      templates: {
        appointmentConfirmation: 'booking_confirmed_v2',
        appointmentReminder: 'booking_reminder',
        appointmentChange: 'booking_changed',
        orderStatus: 'order_news',
      },
    });
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'notifications')));
    expect(entry).toMatchObject({
      actorEmail: actor.email,
      action: 'settings.update',
      summary: 'Edited the WhatsApp templates',
      before: defaultMessageSettings,
    });

    // A form opened before that save is refused, and changes nothing.
    const stale = await saveMessageSettings(
      app.database.db,
      actor,
      messageSettingsFormSchema.parse(form({ orderStatus: 'other_name' })),
    ).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(Refusal);
    expect((stale as Refusal).code).toBe('conflict');
    expect((await getMessageSettings(app.database.db)).templates.orderStatus).toBe('order_news');
  });

  it('answers administrators only through the route, and nobody else changes anything', async () => {
    const before = await app.database.db.select().from(siteSettings);
    const { version } = await getMessageSettingsForAdmin(app.database.db);

    const visitor = await post(form({ version: version! }));
    expect(visitor.status).toBe(401);
    const customer = await post(form({ version: version!, orderStatus: 'hacked' }), customerCookie);
    expect(customer.status).toBe(403);
    expect(await app.database.db.select().from(siteSettings)).toEqual(before);
    const page = await routeOutcome(() =>
      settingsRoute.loader({
        request: pageGet('/admin/settings', customerCookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(page.status).toBe(302);

    const refused = await post(form({ version: version!, orderStatus: 'Bad Name' }), adminCookie);
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: { orderStatus: expect.any(String) },
    });

    const saved = await post(
      form({ version: version!, orderStatus: 'order_update_v3' }),
      adminCookie,
    );
    expect(saved.status).toBe(200);
    expect((await getMessageSettings(app.database.db)).templates.orderStatus).toBe(
      'order_update_v3',
    );
    const loaded = await routeOutcome(() =>
      settingsRoute.loader({
        request: pageGet('/admin/settings', adminCookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(loaded.data).toMatchObject({
      settings: { shopName: expect.any(String) },
      messages: { settings: { templates: { orderStatus: 'order_update_v3' } } },
    });
  });
});
