/**
 * The back office's authorization table (issue "Back office", "Bad input and attacks"):
 * every admin loader and every action intent, called directly (no UI) as a visitor, a
 * signed-in customer and an administrator. Visitors and customers are refused (loaders:
 * redirect to /login; actions: 401 and 403) and change nothing; administrators get through.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, contactMessages, subcategories } from '~/lib/schema.server';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import * as auditRoute from '~/routes/admin/audit';
import * as categoriesRoute from '~/routes/admin/categories';
import * as dashboardRoute from '~/routes/admin/dashboard';
import * as layoutRoute from '~/routes/admin/layout';
import * as messagesRoute from '~/routes/admin/messages';

type Role = 'visitor' | 'customer' | 'admin';
const ROLES: Role[] = ['visitor', 'customer', 'admin'];

let app: TestApp;
const cookies: Record<Role, string | undefined> = { visitor: undefined, customer: '', admin: '' };

/** Fresh rows for one admin call to act on (so every call has a real target). */
interface Fixture {
  categoryId: number;
  subcategoryId: number;
  categoryVersion: string;
  subcategoryVersion: string;
  categoryOrder: string;
  subcategoryOrder: string;
  messageId: number;
}

let fixtures = 0;
async function fixture(): Promise<Fixture> {
  const n = ++fixtures;
  const db = app.database.db;
  const [category] = await db
    .insert(categories)
    .values({ name: `Fixture ${n}`, slug: `fixture-${n}`, displayOrder: 1000 + n })
    .returning();
  const [subcategory] = await db
    .insert(subcategories)
    .values({ categoryId: category!.id, name: `Fixture sub ${n}`, slug: `fixture-sub-${n}` })
    .returning();
  const [message] = await db
    .insert(contactMessages)
    .values({ name: 'Asha', email: 'asha@example.com', message: `Fixture message ${n}` })
    .returning();
  const allCategories = await db.select({ id: categories.id }).from(categories);
  return {
    categoryId: category!.id,
    subcategoryId: subcategory!.id,
    categoryVersion: category!.updatedAt.toISOString(),
    subcategoryVersion: subcategory!.updatedAt.toISOString(),
    categoryOrder: allCategories.map((row) => row.id).join(','),
    subcategoryOrder: String(subcategory!.id),
    messageId: message!.id,
  };
}

/** Every admin action intent with a valid form for it. */
type FormOf = (f: Fixture) => Record<string, string>;
const ACTIONS: {
  path: string;
  action: (args: never) => Promise<unknown>;
  intent: string;
  form: FormOf;
  /** Puts the target in a state the action changes (marking a new message new is no change). */
  prepare?: (f: Fixture) => Promise<void>;
}[] = [
  ...(
    [
      ['save-category', (f) => ({ name: `New ${f.categoryId}` })],
      [
        'save-category',
        (f) => ({ id: String(f.categoryId), name: 'Renamed', version: f.categoryVersion }),
      ],
      ['save-subcategory', (f) => ({ categoryId: String(f.categoryId), name: 'New sub' })],
      [
        'save-subcategory',
        (f) => ({
          id: String(f.subcategoryId),
          categoryId: String(f.categoryId),
          name: 'Renamed sub',
          version: f.subcategoryVersion,
        }),
      ],
      ['reorder', (f) => ({ order: f.categoryOrder.split(',').reverse().join(',') })],
      ['reorder', (f) => ({ categoryId: String(f.categoryId), order: f.subcategoryOrder })],
      ['set-category-active', (f) => ({ id: String(f.categoryId), isActive: 'true' })],
      ['set-subcategory-active', (f) => ({ id: String(f.subcategoryId), isActive: 'false' })],
      ['delete-subcategory', (f) => ({ id: String(f.subcategoryId) })],
      ['delete-category', (f) => ({ id: String(f.categoryId) })],
    ] as [string, FormOf][]
  ).map(([intent, form]) => ({
    path: '/admin/categories',
    action: categoriesRoute.action as never,
    intent,
    form,
  })),
  ...(['mark-read', 'mark-answered', 'mark-new'] as const).map((intent) => ({
    path: '/admin/messages',
    action: messagesRoute.action as never,
    intent,
    form: (f: Fixture) => ({ id: String(f.messageId) }),
    prepare:
      intent === 'mark-new'
        ? async (f: Fixture) => {
            await app.database.db
              .update(contactMessages)
              .set({ status: 'read' })
              .where(eq(contactMessages.id, f.messageId));
          }
        : undefined,
  })),
];

const LOADERS: { path: string; loader: (args: never) => Promise<unknown> }[] = [
  { path: '/admin', loader: layoutRoute.loader as never },
  { path: '/admin', loader: dashboardRoute.loader as never },
  { path: '/admin/categories', loader: categoriesRoute.loader as never },
  { path: '/admin/messages', loader: messagesRoute.loader as never },
  { path: '/admin/audit', loader: auditRoute.loader as never },
];

/** A fingerprint of everything an admin action could change. */
async function state(): Promise<string> {
  const db = app.database.db;
  const [rows] = await Promise.all([
    Promise.all([
      db.select().from(categories).orderBy(categories.id),
      db.select().from(subcategories).orderBy(subcategories.id),
      db.select().from(contactMessages).orderBy(contactMessages.id),
      db.select({ n: count() }).from(auditLog),
    ]),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  app = await createTestApp();
  cookies.customer = (await app.signedIn('user')).cookie;
  cookies.admin = (await app.signedIn('admin')).cookie;
});
afterAll(() => app?.dispose());

describe(`the back office authorization table (${testDatabaseKind})`, () => {
  describe.each(ACTIONS.map((entry) => [`${entry.path} ${entry.intent}`, entry] as const))(
    'action %s',
    (_name, entry) => {
      it.each(['visitor', 'customer'] as const)(
        'is refused to a %s and changes nothing',
        async (role) => {
          const f = await fixture();
          const before = await state();
          const request = formPost(
            entry.path,
            { intent: entry.intent, ...entry.form(f) },
            cookies[role],
          );
          const outcome = await routeOutcome(() =>
            entry.action({ request, context: app.context, params: {} } as never),
          );
          expect(outcome.status).toBe(role === 'visitor' ? 401 : 403);
          expect(outcome.data).toMatchObject({
            ok: false,
            message:
              role === 'visitor'
                ? 'Please sign in as an administrator to do this.'
                : 'Only administrators can do this.',
          });
          expect(await state()).toBe(before);
        },
      );

      it('is carried out for an administrator, with an audit entry', async () => {
        const f = await fixture();
        await entry.prepare?.(f);
        const [auditBefore] = await app.database.db.select({ n: count() }).from(auditLog);
        const request = formPost(
          entry.path,
          { intent: entry.intent, ...entry.form(f) },
          cookies.admin,
        );
        const outcome = await routeOutcome(() =>
          entry.action({ request, context: app.context, params: {} } as never),
        );
        expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
        expect(outcome.data).toMatchObject({ ok: true, intent: entry.intent });
        const [auditAfter] = await app.database.db.select({ n: count() }).from(auditLog);
        expect(auditAfter!.n).toBe(auditBefore!.n + 1);
      });
    },
  );

  it.each(['visitor', 'customer', 'admin'] as const)(
    'an unknown intent is refused to a %s without a change',
    async (role) => {
      const before = await state();
      const request = formPost('/admin/categories', { intent: 'drop-tables' }, cookies[role]);
      const outcome = await routeOutcome(() =>
        categoriesRoute.action({ request, context: app.context, params: {} } as never),
      );
      expect(outcome.status).toBe({ visitor: 401, customer: 403, admin: 400 }[role]);
      expect(await state()).toBe(before);
    },
  );

  describe.each(LOADERS.map((entry, index) => [`${entry.path} (#${index + 1})`, entry] as const))(
    'loader %s',
    (_name, entry) => {
      it.each(ROLES)('answers a %s as its role allows', async (role) => {
        const request = pageGet(entry.path, cookies[role]);
        const outcome = await routeOutcome(() =>
          entry.loader({ request, context: app.context, params: {} } as never),
        );
        if (role === 'admin') {
          expect(outcome.status).toBe(200);
        } else {
          expect(outcome.status).toBe(302);
          expect(outcome.location).toBe(
            role === 'visitor' ? `/login?redirectTo=${encodeURIComponent(entry.path)}` : '/login',
          );
        }
      });
    },
  );
});
