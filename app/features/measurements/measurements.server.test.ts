/**
 * Measurement profiles end to end through the route modules (issue 20 item 3): an admin
 * records version 1 from an appointment, the shopper sees it, an edit makes version 2 with its
 * differences, out-of-range values are refused, the card holds the values, concurrent saves
 * get distinct numbers; and privacy: photos and pages answer 404 to anyone but their customer
 * and administrators, the public media route never serves a private key, deleting the account
 * deletes the measurements and their files.
 */
import { and, count, eq } from 'drizzle-orm';
import express from 'express';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  appointmentTypes,
  auditLog,
  customers,
  measurementPhotos,
  measurementProfiles,
  measurementVersions,
} from '~/lib/schema.server';
import { createMediaHandler } from '~/features/media/media-route.server';
import { createBackup } from '~/lib/backups.server';
import { measurementCardPdf } from './card.server';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import * as recordRoute from '~/routes/admin/record-measurements';
import * as historyRoute from '~/routes/admin/measurement-history';
import * as listRoute from '~/routes/admin/client-measurements';
import * as cardRoute from '~/routes/admin/measurement-card';
import * as adminPhotoRoute from '~/routes/admin/measurement-photo';
import * as accountRoute from '~/routes/account.measurements';
import * as accountPhotoRoute from '~/routes/account.measurement-photo';
import {
  deleteMeasurementsOfUser,
  getProfileHistory,
  saveMeasurementVersion,
} from './measurements.server';
import { SELF_MEASURED_LIMITS } from './self-measured.server';

let app: TestApp;
let admin: { cookie: string; userId: string };
let shopper: { cookie: string; userId: string };
let stranger: { cookie: string; userId: string };
let customerId: number;
let appointmentId: number;
const shopperEmail = `asha-${Date.now()}@example.com`;

const shirt = {
  neck: '39',
  chest: '102.5',
  waist: '90',
  seat: '100',
  shoulder: '46',
  sleeve: '63',
  cuff: '24',
  length: '76',
  bicep: '33',
};

function record(fields: Record<string, string | string[] | Blob>, cookie = admin.cookie) {
  const all = {
    intent: 'save-measurements',
    garment: 'shirt',
    unit: 'cm',
    fit: 'regular',
    ...fields,
  };
  const body = new FormData();
  for (const [name, value] of Object.entries(all)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const withBody = new Request(
    `${TEST_ORIGIN}/admin/customers/${customerId}/measurements/new?garment=shirt`,
    { method: 'POST', headers: { cookie, origin: TEST_ORIGIN }, body },
  );
  return routeOutcome(() =>
    recordRoute.action({
      request: withBody,
      context: app.context,
      params: { id: String(customerId) },
    } as never),
  );
}

const loaderArgs = (path: string, cookie: string | undefined, params: Record<string, string>) =>
  ({ request: pageGet(path, cookie), context: app.context, params }) as never;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signedIn('admin');
  shopper = await app.signedIn('user', shopperEmail);
  stranger = await app.signedIn('user');
  const db = app.database.db;
  const [row] = await db
    .insert(customers)
    .values({ name: 'Asha Patel', phone: '+919825012345', email: shopperEmail })
    .returning();
  customerId = row!.id;
  const [type] = await db
    .select()
    .from(appointmentTypes)
    .where(eq(appointmentTypes.key, 'measurement'));
  const startsAt = new Date(Date.now() - 3_600_000);
  const [appointment] = await db
    .insert(appointments)
    .values({
      customerId,
      typeId: type!.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 1_800_000),
      source: 'staff',
    } as typeof appointments.$inferInsert)
    .returning();
  appointmentId = appointment!.id;
});
afterAll(() => app?.dispose());

describe(`measurement profiles on ${testDatabaseKind}`, () => {
  it('records version 1 from an appointment, with a photo; the shopper sees it', async () => {
    const png = await sharp({
      create: { width: 60, height: 80, channels: 3, background: '#886644' },
    })
      .png()
      .toBuffer();
    const outcome = await record({
      ...shirt,
      posture: 'erect',
      notes: 'Likes a longer cuff',
      appointmentId: String(appointmentId),
      photos: new File([new Uint8Array(png)], 'side.png', { type: 'image/png' }),
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/admin/customers/${customerId}/measurements/shirt?saved=1`);

    const history = await getProfileHistory(app.database.db, customerId, 'shirt');
    expect(history!.versions).toHaveLength(1);
    expect(history!.versions[0]).toMatchObject({
      version: 1,
      valuesCm: { chest: 102.5, neck: 39 },
      posture: ['erect'],
      appointmentId,
      selfMeasured: false,
    });
    expect(history!.photos).toHaveLength(1);

    const page = await routeOutcome(() =>
      accountRoute.loader(loaderArgs('/account/measurements', shopper.cookie, {})),
    );
    expect(page.status).toBe(200);
    const data = page.data as {
      profiles: {
        garment: string;
        versions: { version: number; takenByName: string; valuesCm: Record<string, number> }[];
      }[];
    };
    expect(data.profiles).toHaveLength(1);
    expect(data.profiles[0]).toMatchObject({
      garment: 'shirt',
      versions: [{ version: 1, takenByName: 'Test admin', valuesCm: { chest: 102.5 } }],
    });
  });

  it('refuses out-of-range values with the point and range, in the unit used, saving nothing', async () => {
    const before = await getProfileHistory(app.database.db, customerId, 'shirt');
    const inCm = await record({ ...shirt, chest: '200' });
    expect(inCm.status).toBe(422);
    expect(inCm.data).toMatchObject({
      outcome: { ok: false, fieldErrors: { chest: 'Chest must be between 76 and 160 cm' } },
      sent: { chest: '200' },
    });
    const inInches = await record({
      neck: '15.5',
      chest: '20',
      waist: '35.5',
      seat: '39.5',
      shoulder: '18',
      sleeve: '25',
      cuff: '9.5',
      length: '30',
      bicep: '13',
      unit: 'in',
    });
    expect(inInches.status).toBe(422);
    expect(
      (inInches.data as { outcome: { fieldErrors: Record<string, string> } }).outcome.fieldErrors,
    ).toEqual({
      chest: 'Chest must be between 29.9 and 63 in',
    });
    const after = await getProfileHistory(app.database.db, customerId, 'shirt');
    expect(after!.versions).toHaveLength(before!.versions.length);
  });

  it('an edit makes version 2, and the history shows the differences', async () => {
    const outcome = await record({
      ...shirt,
      chest: '104',
      fit: 'slim',
      posture: ['erect', 'stooping'],
    });
    expect(outcome.location).toBe(`/admin/customers/${customerId}/measurements/shirt?saved=2`);
    const page = await routeOutcome(() =>
      historyRoute.loader(
        loaderArgs(`/admin/customers/${customerId}/measurements/shirt`, admin.cookie, {
          id: String(customerId),
          garment: 'shirt',
        }),
      ),
    );
    const history = (
      page.data as { history: { versions: { version: number; changes: unknown }[] } }
    ).history;
    expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(history.versions[0]!.changes).toEqual({
      points: [{ key: 'chest', label: 'Chest', from: 102.5, to: 104 }],
      fit: { from: 'regular', to: 'slim' },
      postureAdded: ['stooping'],
      postureRemoved: [],
      notes: { from: 'Likes a longer cuff', to: '' },
    });
    expect(history.versions[1]!.changes).toBeNull();
  });

  it('gives the shopper every version with its changes, and none of the staff’s notes', async () => {
    const db = app.database.db;
    const staffNote = 'Staff only: client dislikes a tight collar, allow 1 cm';
    const staff = { id: admin.userId, name: 'Test admin' };
    const sherwani = { neck: 39, chest: 100, stomach: 88, seat: 102, shoulder: 44 };
    for (const [valuesCm, notes, selfMeasured] of [
      [sherwani, staffNote, false],
      [{ ...sherwani, chest: 103 }, `${staffNote} (again)`, false],
      [{ ...sherwani, chest: 103, stomach: 90 }, 'My own note: I wear it open', true],
    ] as const) {
      await db.transaction((tx) =>
        saveMeasurementVersion(tx, {
          customerId,
          garment: 'sherwani',
          valuesCm,
          fit: 'regular',
          posture: [],
          notes,
          selfMeasured,
          takenBy: selfMeasured ? { id: shopper.userId, name: 'Asha Patel' } : staff,
          appointmentId: selfMeasured ? null : appointmentId,
        }),
      );
    }
    const page = await routeOutcome(() =>
      accountRoute.loader(loaderArgs('/account/measurements', shopper.cookie, {})),
    );
    expect(page.status).toBe(200);
    const data = page.data as {
      profiles: { garment: string; versions: Record<string, unknown>[] }[];
    };
    const shirtProfile = data.profiles.find((profile) => profile.garment === 'shirt')!;
    expect(shirtProfile.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(shirtProfile.versions[0]).toMatchObject({
      version: 2,
      takenByName: 'Test admin',
      notes: '',
      changes: { points: [{ key: 'chest', label: 'Chest', from: 102.5, to: 104 }] },
    });
    expect(shirtProfile.versions[1]).toMatchObject({ version: 1, notes: '', changes: null });

    const profile = data.profiles.find((one) => one.garment === 'sherwani')!;
    expect(profile.versions).toHaveLength(3);
    const [v3, v2, v1] = profile.versions;
    expect(v1).toMatchObject({ version: 1, selfMeasured: false, takenByName: 'Test admin' });
    expect(typeof v1!.takenAt).toBe('string');
    expect(v2).toMatchObject({
      version: 2,
      notes: '',
      changes: {
        points: [{ key: 'chest', label: 'Chest', from: 100, to: 103 }],
        fit: null,
        notes: null,
      },
    });
    // The shopper's own set keeps their own note.
    expect(v3).toMatchObject({
      version: 3,
      selfMeasured: true,
      takenByName: 'Asha Patel',
      notes: 'My own note: I wear it open',
      changes: { points: [{ key: 'stomach', label: 'Stomach', from: 88, to: 90 }] },
    });
    // Nothing of the shop's own anywhere in what the page (and its .data) receives.
    const sent = JSON.stringify(data);
    expect(sent).not.toContain('Staff only');
    expect(sent).not.toContain('Likes a longer cuff');
    for (const key of ['appointmentId', 'takenById', 'caption']) {
      expect(sent).not.toContain(key);
    }
  });

  it('keeps a stored value an inch form sends back unchanged', async () => {
    const outcome = await record({
      unit: 'in',
      neck: '15.25',
      chest: '41',
      waist: '35.5',
      seat: '39.25',
      shoulder: '18',
      sleeve: '24.75',
      cuff: '9.5',
      length: '30',
      bicep: '13',
    });
    expect(outcome.status).toBe(302);
    const history = await getProfileHistory(app.database.db, customerId, 'shirt');
    const [v3, v2] = history!.versions;
    expect(v3!.version).toBe(3);
    // 104 cm shows as 41 in and was sent back as shown: still 104, not 104.1.
    expect(v3!.valuesCm.chest).toBe(v2!.valuesCm.chest);
    expect(v3!.changes!.points.map((p) => p.key)).not.toContain('chest');
  });

  it('gives concurrent saves distinct version numbers', async () => {
    const db = app.database.db;
    const saves = Array.from({ length: 4 }, (_, i) =>
      db.transaction((tx) =>
        saveMeasurementVersion(tx, {
          customerId,
          garment: 'trouser',
          valuesCm: { waist: 86 + i },
          fit: 'regular',
          posture: [],
          notes: '',
          selfMeasured: false,
          takenBy: { id: admin.userId, name: 'Test admin' },
        }),
      ),
    );
    const versions = (await Promise.all(saves)).map((saved) => saved.version).sort();
    expect(versions).toEqual([1, 2, 3, 4]);
  });

  it('the card PDF holds the customer, the garment, the version and the values', async () => {
    const response = (await cardRoute.loader(
      loaderArgs(
        `/admin/customers/${customerId}/measurements/shirt/card.pdf?version=2`,
        admin.cookie,
        {
          id: String(customerId),
          garment: 'shirt',
        },
      ),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      'Asha Patel',
      '+91 98250 12345',
      'Shirt, version 2',
      'Chest',
      '104 cm',
      '41 in',
      '39 cm',
      'Slim',
      'Erect, Stooping',
      'Test admin',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a self-measured set waits for staff, who confirm it (audited)', async () => {
    const request = formPost(
      '/account/measurements',
      {
        intent: 'submit-measurements',
        garment: 'kurta',
        unit: 'cm',
        fit: 'relaxed',
        neck: '40',
        chest: '100',
        stomach: '92',
        seat: '102',
        shoulder: '45',
        sleeve: '62',
        cuff: '24',
        length: '105',
      },
      shopper.cookie,
    );
    const sent = await routeOutcome(() =>
      accountRoute.action({ request, context: app.context, params: {} } as never),
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe('/account/measurements?submitted=kurta&version=1&unit=cm');
    let history = await getProfileHistory(app.database.db, customerId, 'kurta');
    expect(history!.versions[0]).toMatchObject({
      selfMeasured: true,
      confirmedAt: null,
      takenByName: 'Test user',
    });

    const confirm = formPost(
      `/admin/customers/${customerId}/measurements/kurta`,
      { intent: 'confirm-measurements', garment: 'kurta', version: '1' },
      admin.cookie,
    );
    const confirmed = await routeOutcome(() =>
      historyRoute.action({
        request: confirm,
        context: app.context,
        params: { id: String(customerId) },
      } as never),
    );
    expect(confirmed.status).toBe(200);
    history = await getProfileHistory(app.database.db, customerId, 'kurta');
    expect(history!.versions[0]!.confirmedAt).not.toBeNull();
    const [entries] = await app.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'measurements.confirm'), eq(auditLog.entityId, String(customerId))),
      );
    expect(entries!.n).toBe(1);
  });

  it('refuses a shopper’s out-of-range value with the message', async () => {
    const request = formPost(
      '/account/measurements',
      {
        intent: 'submit-measurements',
        garment: 'trouser',
        unit: 'in',
        fit: 'regular',
        waist: '90',
      },
      shopper.cookie,
    );
    const refused = await routeOutcome(() =>
      accountRoute.action({ request, context: app.context, params: {} } as never),
    );
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({
      ok: false,
      garment: 'trouser',
      fieldErrors: { waist: 'Waist must be between 23.6 and 63 in', seat: 'Seat is required' },
    });
  });

  it('limits a shopper’s own submissions: 429 with Retry-After and a message, nothing saved', async () => {
    // Issue 28 item 6: thirty posts in a row made versions 1 to 30.
    const limit = SELF_MEASURED_LIMITS.perAccount.max;
    const own = await app.signedIn('user');
    const statuses: number[] = [];
    let refusal: { data: { message: string }; init: { headers: Record<string, string> } } | null =
      null;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const request = formPost(
        '/account/measurements',
        {
          intent: 'submit-measurements',
          garment: 'shirt',
          unit: 'cm',
          fit: 'regular',
          phone: '9825099999',
          ...shirt,
        },
        own.cookie,
      );
      const answer = await routeOutcome(async () => {
        const value = await accountRoute.action({
          request,
          context: app.context,
          params: {},
        } as never);
        if (value && typeof value === 'object' && 'init' in value) refusal ??= value as never;
        return value;
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(302));
    expect(statuses.slice(limit)).toEqual(Array(30 - limit).fill(429));
    const wait = Number(refusal!.init.headers['Retry-After']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SELF_MEASURED_LIMITS.perAccount.windowS);
    expect(refusal!.data.message).toMatch(
      /^You have sent several sets of measurements in a short time\. Please try again in \d+ minutes?\.$/,
    );
    const [mine] = await app.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.userId, own.userId));
    const history = await getProfileHistory(app.database.db, mine!.id, 'shirt');
    expect(history!.versions).toHaveLength(limit);
    // Later tests count every version in the database.
    await deleteMeasurementsOfUser(app.database.db, app.storage, own.userId);
  });

  it('audits admin reads of measurements', async () => {
    const db = app.database.db;
    const [before] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'measurements.view'));
    const page = await routeOutcome(() =>
      listRoute.loader(
        loaderArgs(`/admin/customers/${customerId}/measurements`, admin.cookie, {
          id: String(customerId),
        }),
      ),
    );
    expect(page.status).toBe(200);
    const [after] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'measurements.view'));
    expect(after!.n).toBe(before!.n + 1);
  });
});

describe(`measurement privacy on ${testDatabaseKind}`, () => {
  let photoId: string;
  beforeAll(async () => {
    const [photo] = await app.database.db.select().from(measurementPhotos).limit(1);
    photoId = photo!.id;
  });

  it('serves a photo to an admin and to its customer, never cached', async () => {
    for (const [route, path, cookie] of [
      [adminPhotoRoute, `/admin/measurement-photos/${photoId}`, admin.cookie],
      [accountPhotoRoute, `/account/measurements/photos/${photoId}`, shopper.cookie],
    ] as const) {
      const response = (await route.loader(loaderArgs(path, cookie, { id: photoId }))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
  });

  it.each([
    ['a visitor', undefined, 'real'],
    ['another shopper', 'stranger', 'real'],
    ['the customer, for a guessed id', 'shopper', 'guessed'],
    ['the customer, for a malformed id', 'shopper', 'malformed'],
  ] as const)('answers 404 to %s on both photo routes', async (_who, whose, which) => {
    const cookie =
      whose === 'stranger' ? stranger.cookie : whose === 'shopper' ? shopper.cookie : undefined;
    const id =
      which === 'real'
        ? photoId
        : which === 'guessed'
          ? '0b9c2f4e-8a1d-4c3b-9e7f-123456789abc'
          : '..%2Fsecret';
    const routes = whose === 'shopper' ? [accountPhotoRoute] : [adminPhotoRoute, accountPhotoRoute];
    for (const route of routes) {
      const response = (await route.loader(loaderArgs(`/x/${id}`, cookie, { id }))) as Response;
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    if (whose !== 'shopper') {
      // An admin asking for a guessed id gets the same 404.
      const guessed = (await adminPhotoRoute.loader(
        loaderArgs('/x', admin.cookie, { id: '0b9c2f4e-8a1d-4c3b-9e7f-123456789abc' }),
      )) as Response;
      expect(guessed.status).toBe(404);
    }
  });

  it('shows another shopper none of them, and admin pages answer 404 for a guessed client', async () => {
    const page = await routeOutcome(() =>
      accountRoute.loader(loaderArgs('/account/measurements', stranger.cookie, {})),
    );
    expect((page.data as { profiles: unknown[] }).profiles).toEqual([]);
    const visitor = await routeOutcome(() =>
      accountRoute.loader(loaderArgs('/account/measurements', undefined, {})),
    );
    expect(visitor.status).toBe(302);
    for (const [route, params] of [
      [listRoute, { id: '999999' }],
      [historyRoute, { id: '999999', garment: 'shirt' }],
      [historyRoute, { id: String(customerId), garment: 'cape' }],
      [historyRoute, { id: String(customerId), garment: 'waistcoat' }],
      [recordRoute, { id: 'abc' }],
      [cardRoute, { id: '999999', garment: 'shirt' }],
    ] as const) {
      const outcome = await routeOutcome(() =>
        route.loader(loaderArgs('/admin/customers/x', admin.cookie, params)),
      );
      expect(outcome.status).toBe(404);
    }
    const card = await routeOutcome(() =>
      cardRoute.loader(
        loaderArgs(
          `/admin/customers/${customerId}/measurements/shirt/card.pdf?version=99`,
          admin.cookie,
          {
            id: String(customerId),
            garment: 'shirt',
          },
        ),
      ),
    );
    expect(card.status).toBe(404);
  });

  it('the public media route never serves a private key', async () => {
    const [photo] = await app.database.db.select().from(measurementPhotos).limit(1);
    expect(photo!.storageKey).toMatch(/^private\/measurements\/[0-9a-f-]{36}\.webp$/);
    expect(await app.storage.exists(photo!.storageKey)).toBe(true);
    const server = express()
      .get('/media/{*key}', createMediaHandler(app.storage, pino({ level: 'silent' })))
      .use((_req, res) => res.status(404).send('Not found'))
      .listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const url of [
        `/media/${photo!.storageKey}`,
        `/media/${photo!.storageKey.replace('/', '%2F')}`,
      ]) {
        const response = await fetch(`${origin}${url}`);
        expect(response.status).toBe(404);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.skipIf(testDatabaseKind !== 'PGlite')(
    'a backup holds the measurement rows and the private photo files',
    async () => {
      const outDir = path.join(os.tmpdir(), `measure-backup-${Date.now()}`);
      try {
        const manifest = await createBackup({
          database: app.database,
          storage: app.storage,
          outDir,
        });
        expect(manifest.tables['public.measurement_versions']).toBeGreaterThan(0);
        expect(manifest.tables['public.measurement_photos']).toBeGreaterThan(0);
        expect(manifest.files.map((file) => file.key)).toContainEqual(
          expect.stringMatching(/^private\/measurements\//),
        );
      } finally {
        await fs.rm(outDir, { recursive: true, force: true });
      }
    },
  );

  it('deleting the account deletes the measurements and the photo files', async () => {
    const db = app.database.db;
    const photos = await db.select().from(measurementPhotos);
    expect(photos.length).toBeGreaterThan(0);
    await deleteMeasurementsOfUser(db, app.storage, shopper.userId);
    // The shopper's record was linked on their first visit (verified e-mail).
    expect(
      await db
        .select()
        .from(measurementProfiles)
        .where(eq(measurementProfiles.customerId, customerId)),
    ).toEqual([]);
    expect(await db.select({ n: count() }).from(measurementVersions)).toEqual([{ n: 0 }]);
    for (const photo of photos) expect(await app.storage.exists(photo.storageKey)).toBe(false);
  });
});

describe('the measurement card', () => {
  it('prints a Gujarati name and the rupee sign in its embedded font (issue 29 item 5)', async () => {
    const pdf = await measurementCardPdf({
      shopName: 'Test Tailors',
      customer: { id: 1, name: 'રમણ પટેલ', phone: '+919900112233', email: null },
      garment: 'kurta',
      version: {
        id: 1,
        version: 1,
        valuesCm: { chest: 100 },
        fit: 'regular',
        posture: [],
        notes: 'Advance ₹1,500 taken',
        selfMeasured: false,
        confirmedAt: null,
        takenByName: 'Ravi Shah',
        takenAt: '2026-03-10T06:00:00.000Z',
        appointmentId: null,
      },
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    expect(text).toContain('Customer: રમણ પટેલ');
    expect(text).toContain('Advance ₹1,500 taken');
    expect(pdf.toString('latin1')).toContain('NotoSansGujarati');
  });

  it('writes the date taken in Asia/Kolkata whatever the process zone', async () => {
    const pdf = await measurementCardPdf({
      shopName: 'Test Tailors',
      customer: { id: 1, name: 'Ravi Shah', phone: '+919900112233', email: null },
      garment: 'trouser',
      version: {
        id: 1,
        version: 3,
        valuesCm: { waist: 86, inseam: 78.7 },
        fit: 'relaxed',
        posture: ['flat_seat'],
        notes: 'Side pockets only',
        selfMeasured: true,
        confirmedAt: null,
        takenByName: 'Ravi Shah',
        // 20:00 UTC on 10 March is 01:30 on 11 March in Rajkot.
        takenAt: '2026-03-10T20:00:00.000Z',
        appointmentId: null,
      },
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    for (const expected of [
      'Test Tailors',
      'Trouser, version 3',
      '+91 99001 12233',
      '11 Mar 2026, 1:30 am (IST)',
      'Self-measured by: Ravi Shah (not yet checked)',
      '86 cm',
      '33.75 in',
      '78.7 cm',
      '31 in',
      'Relaxed',
      'Flat seat',
      'Side pockets only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Knee\s+—\s+—/);
  });
});
