/**
 * The local courier provider (issue 32 item 2): the shop's own dispatch with no network. Rates
 * come from the zone and weight table in the shop's shipping settings (passed in as `tariff`,
 * read per call so an edit applies at once), zones from India Post's directory (`placeOf`,
 * passed in), AWB numbers from the database sequence `local_awb_seq` ('RTH' + 9 digits), labels
 * are A6 PDFs made here, tracking lives at the shop's own /track/:awb. Its webhooks (for a
 * delivery partner the shop hands parcels to) carry the token in `x-api-key`, like Shiprocket's.
 */
import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit.server';
import { PDF_FONT, PDF_FONT_BOLD, registerPdfFonts } from '../pdf-fonts.server';
import {
  CourierProviderError,
  type CourierProvider,
  type ReturnShipmentInput,
  type PincodePlace,
  type RateQuery,
  type RateQuote,
  type Shipment,
  type ShipmentInput,
  type TrackingWebhookEvent,
} from './types';
import { chargeFor, zoneOf, type LocalTariffWithAreas } from './zones';
import { assertRateQuery, parseTrackingWebhook, tokenMatches } from './common.server';

/** The local AWB's shape: 'RTH' and nine digits. */
const LOCAL_AWB = /^RTH[0-9]{9}$/;

/** What the local provider is built from. */
export interface LocalCourierConfig {
  db: DbOrTx;
  /** The tariff and remote list, from the shipping settings. */
  tariff: () => Promise<LocalTariffWithAreas>;
  /** The places of a pincode (India Post), main first; null for an unknown pincode. */
  placeOf: (pincode: string) => PincodePlace | null;
  /** The shop's public origin, for tracking URLs (no trailing slash). */
  publicUrl: string;
  /** The token a delivery partner's webhook sends in `x-api-key`. */
  webhookToken: string;
}

/** The courier name printed on labels and messages. */
const LOCAL_COURIER = 'Shop dispatch';

/** Builds the local provider. */
export function createLocalCourier(config: LocalCourierConfig): CourierProvider {
  /** The next AWB of the shop's series ('RTH' and nine digits) and its tracking page. */
  async function nextShipment(): Promise<Shipment> {
    // Both drivers (PGlite and node-postgres) answer `{ rows }`.
    const result = (await config.db.execute(sql`select nextval('local_awb_seq') as value`)) as {
      rows: { value: string | number }[];
    };
    const value = Number(result.rows[0]!.value);
    const awb = `RTH${String(value).padStart(9, '0')}`;
    return {
      shipmentId: awb,
      awb,
      courierName: LOCAL_COURIER,
      trackingUrl: `${config.publicUrl}/track/${awb}`,
    };
  }
  return {
    name: 'local',
    async quote(query: RateQuery): Promise<RateQuote> {
      assertRateQuery(query);
      const pickup = config.placeOf(query.pickupPincode);
      if (!pickup) throw new CourierProviderError('the pickup pincode is not in the directory');
      const place = config.placeOf(query.deliveryPincode);
      if (!place) return { deliverable: false, reason: 'unknown pincode' };
      const tariff = await config.tariff();
      const zone = zoneOf(pickup, { pincode: query.deliveryPincode, place }, tariff.remote);
      const zoneTariff = tariff.zones[zone];
      if (zoneTariff.slabs.length === 0) {
        return { deliverable: false, reason: 'the shop does not ship to this zone' };
      }
      return {
        deliverable: true,
        // Issue 32 item 3: the shop's own arrangement collects cash everywhere but remote areas.
        codAvailable: tariff.codAvailable && zone !== 'remote',
        estimatedDays: zoneTariff.estimatedDays,
        ratePaise: chargeFor(zoneTariff, query.weightGrams),
        courierName: LOCAL_COURIER,
        zone,
      };
    },
    async createShipment(input: ShipmentInput): Promise<Shipment> {
      if (!input.orderNumber) throw new CourierProviderError('a shipment needs an order number');
      return nextShipment();
    },
    // Issue 32 item 7: the shop's own rider collects a return; its AWB is from the same series.
    async createReturnShipment(input: ReturnShipmentInput): Promise<Shipment> {
      if (!input.returnNumber) throw new CourierProviderError('a return needs a reference');
      return nextShipment();
    },
    async label(shipment) {
      if (!LOCAL_AWB.test(shipment.awb)) throw new CourierProviderError('not a local AWB');
      return { kind: 'pdf', bytes: await labelPdf(shipment.awb) };
    },
    async track(awb: string) {
      if (!LOCAL_AWB.test(awb)) throw new CourierProviderError('not a local AWB');
      // The shop's own dispatch records its moves on the order (issue 32 item 6); the courier
      // itself keeps none.
      return [];
    },
    verifyWebhook(headers) {
      return tokenMatches(config.webhookToken, headers['x-api-key']);
    },
    parseWebhook(rawBody: string): TrackingWebhookEvent | null {
      return parseTrackingWebhook(rawBody);
    },
  };
}

/** An A6 label with the AWB in large type (the dispatch round adds the addresses). */
async function labelPdf(awb: string): Promise<Uint8Array> {
  const document = new PDFDocument({ size: 'A6', margin: 24 });
  registerPdfFonts(document);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.font(PDF_FONT_BOLD).fontSize(14).text(LOCAL_COURIER);
  document.moveDown().font(PDF_FONT).fontSize(10).text('AWB');
  document.font(PDF_FONT_BOLD).fontSize(22).text(awb);
  document.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
