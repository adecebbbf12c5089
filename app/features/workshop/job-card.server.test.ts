/**
 * Job cards (issue 31 item 4), read back the way a person would: the PDF's extracted text holds
 * the order, the garment, the customer's first name, the due dates, the measurements in inches
 * with centimetres beside them, fit and posture, every style choice and the fabric's code, and
 * no price and no customer contact; the QR code taken out of the PDF decodes to the ticket
 * page's URL; the slip is 80 mm wide; the route answers 404, 400 and 200 as it should and
 * records the print in the audit log.
 */
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/lib/schema.server';
import { formatRupees } from '~/lib/money';
import * as jobCardRoute from '~/routes/admin/job-card';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { makeJobCardGarment, type JobCardGarment } from '../../../tests/support/job-card-fixture';
import { renderJobCard, SLIP_WIDTH_PT } from './job-card-pdf.server';
import { loadJobCard } from './job-card.server';
import {
  getWorkshopSettingsForAdmin,
  saveWorkshopSettings,
  workshopSettingsFormSchema,
} from './workshop-settings.server';
import { workshopSettingsForm } from '../../../tests/support/workshop-settings-form';

let app: TestApp;
let admin: { cookie: string; userId: string };
let shopper: { cookie: string; userId: string };
let made: JobCardGarment;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signedIn('admin');
  shopper = await app.signedIn('user');
  made = await makeJobCardGarment(app.database.db, app.storage, {
    id: admin.userId,
    email: 'admin@example.com',
  });
});
afterAll(() => app?.dispose());

const ticketUrl = () => `${TEST_ORIGIN}/admin/workshop/garments/${made.garmentId}`;

async function card(ticket?: Parameters<typeof loadJobCard>[2]['ticket']) {
  const loaded = await loadJobCard(app.database.db, made.garmentId, {
    storage: app.storage,
    publicUrl: TEST_ORIGIN,
    ticket,
  });
  expect(loaded).not.toBeNull();
  return loaded!;
}

async function textOf(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  // Lines wrap where the column ends; read the words as one run.
  return text.replace(/\s+/g, ' ');
}

// pdf.js (inside unpdf) hands fonts over with ArrayBuffer.prototype.transferToFixedLength, which
// Node 20 (this project's lowest engine) lacks: the page's operator list then stops at the first
// text, and an image drawn after it is never listed. The standard method, for Node 20 only.
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

/** Every QR code found among the PDF's images on page 1, decoded. */
async function qrCodesOf(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const images = await extractImages(document, 1);
  const found: string[] = [];
  for (const image of images) {
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
      for (let c = 0; c < 3; c += 1) {
        rgba[pixel * 4 + c] = image.data[pixel * image.channels + (image.channels < 3 ? 0 : c)]!;
      }
      rgba[pixel * 4 + 3] = 255;
    }
    const code = jsQR(rgba, image.width, image.height);
    if (code) found.push(code.data);
  }
  return found;
}

/** What a card must hold, whatever its size. */
function expectCardText(text: string) {
  for (const expected of [
    made.orderNumber,
    'Sherwani (1 of 1)',
    'Kiran',
    // Inches first, centimetres beside them (the rounding of the measurement card).
    'Chest',
    '41 in',
    '104.1 cm',
    'Sleeve',
    '25 in',
    '63.5 cm',
    'Neck',
    '16 in',
    '40.6 cm',
    'Version 1',
    'Ramesh Master',
    'Slim',
    'Erect, Right shoulder lower',
    'Keep the chest easy; he wears it over a kurta.',
    // Every style choice, by group.
    'Closure',
    'Full-button front',
    'Collar',
    'Buttons',
    'Lining',
    'Pure silk, crimson',
    // The fabric's code and name.
    `Code ${made.fabric.slug}`,
    made.fabric.name,
    'Delivery due',
    'Trial due',
  ]) {
    expect(text).toContain(expected);
  }
  // No price of any kind, and no customer contact.
  for (const forbidden of [
    '₹',
    'Rs',
    'INR',
    'price',
    'Price',
    formatRupees(made.pricePaise).replace('₹', ''),
    '2,500', // the fabric's price a metre
    '1,200', // the zardozi buttons
    '1,500', // the silk lining
    'Mehta',
    made.customer.email,
    made.customer.phone,
    '98250',
    '+91',
  ]) {
    expect(text).not.toContain(forbidden);
  }
}

describe(`job cards on ${testDatabaseKind}`, () => {
  it('prints an A5 card with the measurements, style and fabric, and no price or contact', async () => {
    const pdf = await renderJobCard(await card(), 'a5');
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    const [, , width, height] = (await document.getPage(1)).view;
    // A5 is 148 × 210 mm.
    expect(Math.round(width!)).toBe(420);
    expect(Math.round(height!)).toBe(595);
    const text = await textOf(pdf);
    expectCardText(text);
    expect(text).toContain('Not assigned');
    expect(await qrCodesOf(pdf)).toEqual([ticketUrl()]);
  });

  it('prints an 80 mm slip of that width, as long as its content, with the same QR', async () => {
    const pdf = await renderJobCard(await card(), '80mm');
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    const [, , width, height] = (await document.getPage(1)).view;
    expect(width).toBeCloseTo(SLIP_WIDTH_PT, 1);
    expect(width! * (25.4 / 72)).toBeCloseTo(80, 1);
    // Longer than it is wide, yet no blank roll: well under the tallest page a PDF takes.
    expect(height!).toBeGreaterThan(width! * 2);
    expect(height!).toBeLessThan(2000);
    expectCardText(await textOf(pdf));
    expect(await qrCodesOf(pdf)).toEqual([ticketUrl()]);
  });

  it('prints the ticket’s stage, assignee and due dates when a ticket is given', async () => {
    const text = await textOf(
      await renderJobCard(
        await card({
          stage: 'Cutting',
          assigneeName: 'Suresh Tailor',
          trialDueOn: '2026-12-03',
          deliveryDueOn: '2026-12-10',
        }),
        'a5',
      ),
    );
    expect(text).toContain('Cutting');
    expect(text).toContain('Suresh Tailor');
    expect(text).toContain('Thu, 3 Dec, 2026');
    expect(text).toContain('Thu, 10 Dec, 2026');
  });

  it('has no card for an unknown garment', async () => {
    expect(
      await loadJobCard(app.database.db, 2_000_000_000, {
        storage: app.storage,
        publicUrl: TEST_ORIGIN,
      }),
    ).toBeNull();
  });
});

describe('GET /admin/workshop/garments/:garmentId/card.pdf', () => {
  const get = (path: string, garmentId: string, cookie = admin.cookie) =>
    routeOutcome(() =>
      jobCardRoute.loader({
        request: pageGet(path, cookie),
        context: app.context,
        params: { garmentId },
      } as never),
    );

  it('answers an A5 PDF, never cached, and records the print', async () => {
    const path = `/admin/workshop/garments/${made.garmentId}/card.pdf`;
    const response = (await jobCardRoute.loader({
      request: pageGet(`${path}?size=a5`, admin.cookie),
      context: app.context,
      params: { garmentId: String(made.garmentId) },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toContain(
      `job-card-${made.orderNumber}-1-a5.pdf`,
    );
    expectCardText(await textOf(Buffer.from(await response.arrayBuffer())));
    const entries = await app.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'measurements.view'), eq(auditLog.actorId, admin.userId)));
    expect(entries.map((entry) => entry.summary)).toContain(
      `Printed the A5 job card of Sherwani 1 of order ${made.orderNumber} (Kiran)`,
    );
  });

  it('answers the 80 mm slip for size=80mm', async () => {
    const response = (await jobCardRoute.loader({
      request: pageGet(
        `/admin/workshop/garments/${made.garmentId}/card.pdf?size=80mm`,
        admin.cookie,
      ),
      context: app.context,
      params: { garmentId: String(made.garmentId) },
    } as never)) as Response;
    expect(response.status).toBe(200);
    const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    expect((await document.getPage(1)).view[2]).toBeCloseTo(SLIP_WIDTH_PT, 1);
  });

  it('prints the measurements in the unit the workshop settings name, the other beside', async () => {
    const db = app.database.db;
    const actor = { id: admin.userId, email: 'admin@example.com' };
    const print = async () => {
      const response = (await jobCardRoute.loader({
        request: pageGet(`/admin/workshop/garments/${made.garmentId}/card.pdf`, admin.cookie),
        context: app.context,
        params: { garmentId: String(made.garmentId) },
      } as never)) as Response;
      return textOf(Buffer.from(await response.arrayBuffer()));
    };
    const inches = await print();
    expect(inches.indexOf('41 in')).toBeLessThan(inches.indexOf('104.1 cm'));
    await saveWorkshopSettings(
      db,
      actor,
      workshopSettingsFormSchema.parse(workshopSettingsForm({ unit: 'cm' })),
    );
    try {
      const centimetres = await print();
      expect(centimetres.indexOf('104.1 cm')).toBeGreaterThan(-1);
      expect(centimetres.indexOf('104.1 cm')).toBeLessThan(centimetres.indexOf('41 in'));
    } finally {
      const { version } = await getWorkshopSettingsForAdmin(db);
      await saveWorkshopSettings(
        db,
        actor,
        workshopSettingsFormSchema.parse(workshopSettingsForm({ version: version ?? '' })),
      );
    }
  });

  it('answers 404 for an unknown or malformed garment and 400 for a bad size', async () => {
    expect((await get('/admin/workshop/garments/999999/card.pdf', '999999')).status).toBe(404);
    expect((await get('/admin/workshop/garments/abc/card.pdf', 'abc')).status).toBe(404);
    expect(
      (
        await get(
          `/admin/workshop/garments/${made.garmentId}/card.pdf?size=a4`,
          String(made.garmentId),
        )
      ).status,
    ).toBe(400);
  });

  it('sends anyone but an administrator to sign in', async () => {
    const outcome = await get(
      `/admin/workshop/garments/${made.garmentId}/card.pdf`,
      String(made.garmentId),
      shopper.cookie,
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe('/login');
  });
});
