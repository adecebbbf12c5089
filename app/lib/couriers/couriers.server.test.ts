import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import {
  createCourierProvider,
  CourierProviderError,
  type CourierProvider,
} from './couriers.server';
import type { LocalCourierConfig } from './local.server';
import type { PincodePlace, ZoneTariff } from './types';
import { chargeFor, DEFAULT_REMOTE_AREAS, zoneOf, type LocalTariffWithAreas } from './zones';

const rajkot: PincodePlace = { district: 'Rajkot', state: 'Gujarat' };
const places: Record<string, PincodePlace> = {
  '360001': rajkot,
  '380001': { district: 'Ahmedabad', state: 'Gujarat' },
  '400001': { district: 'Mumbai', state: 'Maharashtra' },
  '781001': { district: 'Kamrup', state: 'Assam' },
  '744101': { district: 'South Andaman', state: 'Andaman and Nicobar Islands' },
  '682001': { district: 'Ernakulam', state: 'Kerala' },
};

const zone = (rupees: [number, number], extra: number, days: number): ZoneTariff => ({
  slabs: [
    { upToGrams: 500, chargePaise: rupees[0] * 100 },
    { upToGrams: 1000, chargePaise: rupees[1] * 100 },
  ],
  extraPer500gPaise: extra * 100,
  estimatedDays: days,
});

const tariff: LocalTariffWithAreas = {
  zones: {
    local: zone([40, 60], 20, 1),
    state: zone([60, 80], 30, 3),
    national: zone([90, 130], 50, 5),
    remote: zone([150, 220], 90, 8),
  },
  remote: DEFAULT_REMOTE_AREAS,
  codAvailable: false,
};

describe('zones (issue 32 item 2)', () => {
  const of = (pincode: string, remote = DEFAULT_REMOTE_AREAS) =>
    zoneOf(rajkot, { pincode, place: places[pincode]! }, remote);

  it('puts Rajkot, the rest of Gujarat, the rest of India and remote areas apart', () => {
    expect(of('360001')).toBe('local');
    expect(of('380001')).toBe('state');
    expect(of('400001')).toBe('national');
    expect(of('781001')).toBe('remote');
    expect(of('744101')).toBe('remote');
  });

  it('takes remote areas from the owner’s list, by state or pincode prefix', () => {
    expect(of('682001', { states: [], pincodePrefixes: ['682'] })).toBe('remote');
    expect(of('781001', { states: [], pincodePrefixes: [] })).toBe('national');
    expect(of('400001', { states: ['maharashtra'], pincodePrefixes: [] })).toBe('remote');
  });
});

describe('weight slabs', () => {
  const national = tariff.zones.national;
  it('charges the first slab that holds the weight', () => {
    expect(chargeFor(national, 1)).toBe(9_000);
    expect(chargeFor(national, 500)).toBe(9_000);
    expect(chargeFor(national, 501)).toBe(13_000);
    expect(chargeFor(national, 1000)).toBe(13_000);
  });
  it('adds a charge for every started 500 g above the last slab', () => {
    expect(chargeFor(national, 1001)).toBe(18_000);
    expect(chargeFor(national, 1500)).toBe(18_000);
    expect(chargeFor(national, 2600)).toBe(13_000 + 4 * 5_000);
  });
  it('refuses a weight that is not a positive whole number of grams', () => {
    expect(() => chargeFor(national, 0)).toThrow(RangeError);
    expect(() => chargeFor(national, 2.5)).toThrow(RangeError);
  });
});

describe('courier provider factory', () => {
  const local = {} as LocalCourierConfig;
  const base = { nodeEnv: 'production' as const, local };
  it('is the local provider by default', () => {
    expect(createCourierProvider(base).name).toBe('local');
  });
  it('refuses a half-configured Shiprocket, naming what is missing and no value', () => {
    expect(() =>
      createCourierProvider({
        ...base,
        shiprocketEmail: 'ops@example.com',
        shiprocketPassword: 'pw-9',
      }),
    ).toThrow(/SHIPROCKET_WEBHOOK_TOKEN is missing/);
    expect(() => createCourierProvider({ ...base, shiprocketPassword: 'secret-pw-value' })).toThrow(
      /^(?!.*secret-pw-value).*SHIPROCKET_EMAIL and SHIPROCKET_WEBHOOK_TOKEN are missing/,
    );
  });
  it('needs the three values for COURIER_PROVIDER=shiprocket', () => {
    expect(() => createCourierProvider({ ...base, provider: 'shiprocket' })).toThrow(
      /COURIER_PROVIDER=shiprocket needs/,
    );
    const shiprocket = createCourierProvider({
      ...base,
      provider: 'shiprocket',
      shiprocketEmail: 'ops@example.com',
      shiprocketPassword: 'pw',
      shiprocketWebhookToken: 'tok',
    });
    expect(shiprocket.name).toBe('shiprocket');
  });
  it('refuses a test double of Shiprocket in production', () => {
    expect(() =>
      createCourierProvider({ ...base, shiprocketApiUrl: 'http://127.0.0.1:9' }),
    ).toThrow(/refused in production/);
  });
});

describe('the local provider', () => {
  let database: TestDatabase;
  let courier: CourierProvider;

  beforeAll(async () => {
    database = await createTestDatabase();
    courier = createCourierProvider({
      nodeEnv: 'test',
      local: {
        db: database.db,
        tariff: async () => tariff,
        placeOf: (pincode) => places[pincode] ?? null,
        publicUrl: 'https://shop.example',
        webhookToken: 'local-token',
      },
    });
  });
  afterAll(() => database.dispose());

  const query = (deliveryPincode: string, weightGrams = 700) => ({
    pickupPincode: '360001',
    deliveryPincode,
    weightGrams,
    declaredValuePaise: 150_000,
    cod: false,
  });

  it('quotes from the zone table with the zone’s days', async () => {
    expect(await courier.quote(query('400001'))).toMatchObject({
      deliverable: true,
      ratePaise: 13_000,
      estimatedDays: 5,
      zone: 'national',
    });
    expect(await courier.quote(query('360001', 300))).toMatchObject({
      ratePaise: 4_000,
      zone: 'local',
    });
  });

  it('does not deliver to a pincode the directory does not know', async () => {
    expect(await courier.quote(query('999999'))).toEqual({
      deliverable: false,
      reason: 'unknown pincode',
    });
    await expect(courier.quote(query('12345'))).rejects.toThrow(RangeError);
  });

  it('numbers shipments from the database series, each once', async () => {
    const input = {
      orderNumber: 'RTH-1',
      orderDate: new Date(),
      customer: {
        name: 'Raj Patel',
        email: 'raj@example.com',
        phone: '+919825012345',
        address: '12 Market Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400001',
      },
      items: [{ name: 'Shirt', sku: 'S-1', units: 1, unitPricePaise: 150_000 }],
      weightGrams: 700,
      subTotalPaise: 150_000,
      cod: false,
      pickupPincode: '360001',
    };
    const shipments = await Promise.all([1, 2, 3].map(() => courier.createShipment(input)));
    const awbs = shipments.map((shipment) => shipment.awb);
    expect(new Set(awbs).size).toBe(3);
    for (const awb of awbs) expect(awb).toMatch(/^RTH\d{9}$/);
    expect(shipments[0]!.trackingUrl).toBe(`https://shop.example/track/${shipments[0]!.awb}`);
    const label = await courier.label(shipments[0]!);
    expect(label.kind).toBe('pdf');
    if (label.kind === 'pdf') expect(Buffer.from(label.bytes.slice(0, 5)).toString()).toBe('%PDF-');
  });

  it('takes a webhook only with its token', () => {
    expect(courier.verifyWebhook({ 'x-api-key': 'local-token' })).toBe(true);
    expect(courier.verifyWebhook({ 'x-api-key': 'local-tokeN' })).toBe(false);
    expect(courier.verifyWebhook({})).toBe(false);
  });
});

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

describe('Shiprocket against a test double of its API', () => {
  let server: Server;
  let courier: CourierProvider;
  const received: Received[] = [];
  let logins = 0;
  let serviceable = true;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const body: unknown = text ? JSON.parse(text) : undefined;
        received.push({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          body,
        });
        const url = new URL(req.url ?? '/', 'http://double');
        if (url.pathname === '/auth/login') {
          const { email, password } = body as { email: string; password: string };
          if (email !== 'ops@example.com' || password !== 'pw-123') {
            return reply(res, 400, { message: 'Invalid email and password combination' });
          }
          logins += 1;
          return reply(res, 200, { token: `jwt-${logins}` });
        }
        if (req.headers.authorization !== `Bearer jwt-${logins}`) {
          return reply(res, 401, { message: 'Token has expired' });
        }
        if (url.pathname === '/courier/serviceability/') {
          if (!serviceable)
            return reply(res, 404, { status: 404, message: 'Delivery postcode not serviceable' });
          return reply(res, 200, {
            status: 200,
            data: {
              recommended_courier_company_id: 24,
              available_courier_companies: [
                {
                  courier_company_id: 10,
                  courier_name: 'Delhivery Surface',
                  rate: 85.5,
                  estimated_delivery_days: '6',
                  cod: 1,
                },
                {
                  courier_company_id: 24,
                  courier_name: 'Xpressbees Surface',
                  rate: 96,
                  estimated_delivery_days: '4',
                  cod: 0,
                },
              ],
            },
          });
        }
        // Issue 32 item 7: a return order.
        if (url.pathname === '/orders/create/return') {
          return reply(res, 200, { order_id: 9002, shipment_id: 7002, status: 'RETURN PENDING' });
        }
        if (url.pathname === '/orders/create/adhoc') {
          return reply(res, 200, { order_id: 9001, shipment_id: 7001, status: 'NEW' });
        }
        if (url.pathname === '/courier/assign/awb') {
          return reply(res, 200, {
            awb_assign_status: 1,
            response: { data: { awb_code: '141123221084922', courier_name: 'Xpressbees Surface' } },
          });
        }
        if (url.pathname === '/courier/generate/label') {
          return reply(res, 200, {
            label_created: 1,
            label_url: 'https://kr-shipmultichannel.s3.amazonaws.com/label.pdf',
          });
        }
        if (url.pathname.startsWith('/courier/track/awb/')) {
          return reply(res, 200, {
            tracking_data: {
              shipment_track_activities: [
                { date: '2026-11-29 18:40:00', activity: 'In transit', location: 'Ahmedabad' },
                { date: '2026-11-29 10:05:00', activity: 'Picked up', location: 'Rajkot' },
              ],
            },
          });
        }
        return reply(res, 404, { message: 'no such route' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    courier = createCourierProvider({
      nodeEnv: 'test',
      provider: 'shiprocket',
      shiprocketEmail: 'ops@example.com',
      shiprocketPassword: 'pw-123',
      shiprocketWebhookToken: 'hook-token',
      shiprocketApiUrl: `http://127.0.0.1:${port}`,
      local: {} as LocalCourierConfig,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const query = {
    pickupPincode: '360001',
    deliveryPincode: '400001',
    weightGrams: 1250,
    declaredValuePaise: 150_050,
    cod: false,
  };

  it('logs in once and asks serviceability in kilograms and rupees', async () => {
    const quote = await courier.quote(query);
    expect(quote).toEqual({
      deliverable: true,
      codAvailable: true,
      estimatedDays: 4,
      ratePaise: 9_600,
      courierName: 'Xpressbees Surface',
    });
    await courier.quote(query);
    expect(received.filter((r) => r.url === '/auth/login')).toHaveLength(1);
    const asked = new URL(received.at(-1)!.url!, 'http://double').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      pickup_postcode: '360001',
      delivery_postcode: '400001',
      weight: '1.25',
      cod: '0',
      declared_value: '1500.5',
    });
    expect(received.at(-1)!.authorization).toBe('Bearer jwt-1');
  });

  it('answers not deliverable when no courier serves the pincode', async () => {
    serviceable = false;
    try {
      expect(await courier.quote(query)).toEqual({
        deliverable: false,
        reason: 'no courier serves this pincode',
      });
    } finally {
      serviceable = true;
    }
  });

  it('creates the order, assigns the AWB and fetches the label', async () => {
    const shipment = await courier.createShipment({
      orderNumber: 'RTH-2026-0042',
      orderDate: new Date('2026-11-28T10:00:00Z'),
      customer: {
        name: 'Raj Kumar Patel',
        email: 'raj@example.com',
        phone: '+919825012345',
        address: '12 Market Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400001',
      },
      items: [{ name: 'Linen shirt', sku: 'LS-M', units: 2, unitPricePaise: 75_000 }],
      weightGrams: 1200,
      subTotalPaise: 150_000,
      cod: false,
      pickupPincode: '360001',
    });
    expect(shipment).toEqual({
      shipmentId: '7001',
      awb: '141123221084922',
      courierName: 'Xpressbees Surface',
      trackingUrl: 'https://shiprocket.co/tracking/141123221084922',
    });
    const order = received.find((r) => r.url === '/orders/create/adhoc')!.body as Record<
      string,
      unknown
    >;
    expect(order).toMatchObject({
      order_id: 'RTH-2026-0042',
      billing_customer_name: 'Raj',
      billing_last_name: 'Kumar Patel',
      billing_phone: '9825012345',
      payment_method: 'Prepaid',
      sub_total: 1500,
      weight: 1.2,
      order_items: [{ name: 'Linen shirt', sku: 'LS-M', units: 2, selling_price: 750 }],
    });
    expect(received.find((r) => r.url === '/courier/assign/awb')!.body).toEqual({
      shipment_id: 7001,
    });
    expect(await courier.label(shipment)).toEqual({
      kind: 'url',
      url: 'https://kr-shipmultichannel.s3.amazonaws.com/label.pdf',
    });
  });

  it('books a reverse pickup as a return order from the customer to the shop, with its AWB', async () => {
    const shipment = await courier.createReturnShipment({
      returnNumber: 'RTH-2026-0042-R7',
      orderDate: new Date('2026-11-29T10:00:00Z'),
      customer: {
        name: 'Raj Kumar Patel',
        email: 'raj@example.com',
        phone: '+919825012345',
        address: '12 Market Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400001',
      },
      shop: {
        name: 'Rajkot Tailoring House',
        email: 'hello@tailoring.example',
        phone: '+919000000001',
        address: '12 Example Market Road',
        city: 'Rajkot',
        state: 'Gujarat',
        pincode: '360001',
      },
      items: [{ name: 'Linen shirt', sku: 'LS-M', units: 1, unitPricePaise: 75_000 }],
      weightGrams: 600,
      subTotalPaise: 75_000,
    });
    expect(shipment.shipmentId).toBe('7002');
    expect(shipment.awb).toBe('141123221084922');
    const order = received.find((r) => r.url === '/orders/create/return')!.body as Record<
      string,
      unknown
    >;
    expect(order).toMatchObject({
      order_id: 'RTH-2026-0042-R7',
      pickup_customer_name: 'Raj',
      pickup_last_name: 'Kumar Patel',
      pickup_pincode: '400001',
      pickup_phone: '9825012345',
      shipping_pincode: '360001',
      shipping_phone: '9000000001',
      payment_method: 'PREPAID',
      sub_total: 750,
      weight: 0.6,
    });
    expect(received.filter((r) => r.url === '/courier/assign/awb').at(-1)!.body).toEqual({
      shipment_id: 7002,
      is_return: 1,
    });
  });

  it('gives tracking events oldest first, in India time', async () => {
    const events = await courier.track('141123221084922');
    expect(events.map((event) => event.status)).toEqual(['Picked up', 'In transit']);
    expect(events[0]!.at.toISOString()).toBe('2026-11-29T04:35:00.000Z');
  });

  it('logs in again when the token is refused', async () => {
    logins += 1; // the double now wants jwt-2, which has not been handed out
    await expect(courier.quote(query)).rejects.toBeInstanceOf(CourierProviderError);
    logins -= 1;
    const quote = await courier.quote(query);
    expect(quote.deliverable).toBe(true);
  });

  it('verifies the webhook’s x-api-key and reads its body', () => {
    expect(courier.verifyWebhook({ 'x-api-key': 'hook-token' })).toBe(true);
    expect(courier.verifyWebhook({ 'x-api-key': 'other' })).toBe(false);
    expect(courier.verifyWebhook({})).toBe(false);
    const body = JSON.stringify({
      awb: 141123221084922,
      current_status: 'DELIVERED',
      current_timestamp: '2026-12-01 15:20:00',
      scans: [{ location: 'Mumbai', activity: 'Delivered' }],
    });
    const event = courier.parseWebhook(body)!;
    expect(event).toMatchObject({
      awb: '141123221084922',
      status: 'DELIVERED',
      location: 'Mumbai',
    });
    expect(event.at.toISOString()).toBe('2026-12-01T09:50:00.000Z');
    expect(courier.parseWebhook(body)!.eventId).toBe(event.eventId);
    expect(courier.parseWebhook('not json')).toBeNull();
    expect(courier.parseWebhook('{"current_status":"DELIVERED"}')).toBeNull();
  });
});
