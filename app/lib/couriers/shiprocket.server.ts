/**
 * Shiprocket as the courier provider (issue 32 item 2), from its documented external API at
 * https://apiv2.shiprocket.in/v1/external (apidocs.shiprocket.in):
 * - `POST /auth/login` {email, password} → {token}: a JWT valid for 10 days, sent as
 *   `Authorization: Bearer`; kept here and renewed after 9 days or on a 401;
 * - `GET /courier/serviceability/` ?pickup_postcode, delivery_postcode, weight (kg), cod (0/1),
 *   declared_value (rupees) → data.available_courier_companies[] (courier_name, rate in rupees,
 *   estimated_delivery_days, cod 0/1) and data.recommended_courier_company_id;
 * - `POST /orders/create/adhoc` → {order_id, shipment_id};
 * - `POST /courier/assign/awb` {shipment_id} → response.data.{awb_code, courier_name};
 * - `POST /courier/generate/label` {shipment_id: [id]} → {label_created: 1, label_url};
 * - `GET /courier/track/awb/:awb` → tracking_data.shipment_track_activities[] and track_url;
 * - tracking webhooks: a JSON POST with the token configured in the panel in `x-api-key`,
 *   body {awb, current_status, current_timestamp, scans[]…}.
 * Money crosses as rupees on Shiprocket's side and integer paise on ours.
 */
import {
  CourierProviderError,
  type CourierProvider,
  type ReturnShipmentInput,
  type RateQuery,
  type RateQuote,
  type Shipment,
  type ShipmentInput,
  type TrackingEvent,
} from './types';
import {
  assertRateQuery,
  parseShiprocketDate,
  parseTrackingWebhook,
  tokenMatches,
} from './common.server';

/** Shiprocket's production API. */
const SHIPROCKET_API = 'https://apiv2.shiprocket.in/v1/external';

/** What the Shiprocket provider is built from. */
export interface ShiprocketConfig {
  email: string;
  password: string;
  /** The token Shiprocket's tracking webhook sends in `x-api-key`. */
  webhookToken: string;
  /** Shiprocket's pickup location name (its panel's "Pickup Address" nickname). */
  pickupLocation: string;
  /** Tests only: a test double's base URL. */
  apiUrl?: string;
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number;
}

const TOKEN_LIFETIME_MS = 9 * 24 * 3_600_000;

const rupeesToPaise = (value: unknown): number => Math.round(Number(value) * 100);
const paiseToRupees = (paise: number) => Math.round(paise) / 100;

/** Builds the Shiprocket provider. Nothing is called until the first operation. */
export function createShiprocketCourier(config: ShiprocketConfig): CourierProvider {
  const base = (config.apiUrl ?? SHIPROCKET_API).replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: { value: string; until: number } | null = null;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    auth = true,
  ): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth) headers.authorization = `Bearer ${await bearer()}`;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new CourierProviderError(`Shiprocket did not answer ${path.split('?')[0]}`);
    }
    if (response.status === 401 && auth) token = null;
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CourierProviderError('Shiprocket answered something unreadable', response.status);
    }
    if (!response.ok || !json || typeof json !== 'object') {
      const message =
        json &&
        typeof json === 'object' &&
        typeof (json as { message?: unknown }).message === 'string'
          ? (json as { message: string }).message.slice(0, 200)
          : `HTTP ${response.status}`;
      throw new CourierProviderError(`Shiprocket refused: ${message}`, response.status);
    }
    return json as Record<string, unknown>;
  }

  /**
   * The AWB of a shipment Shiprocket made (POST /courier/assign/awb; `is_return: 1` for a return
   * order), as the shipment the callers store.
   * @throws CourierProviderError when no AWB was assigned.
   */
  async function assignAwb(shipmentId: number | string, isReturn: boolean): Promise<Shipment> {
    const assigned = await call('POST', '/courier/assign/awb', {
      shipment_id: shipmentId,
      ...(isReturn ? { is_return: 1 } : {}),
    });
    const data = ((assigned.response as Record<string, unknown> | undefined)?.data ?? {}) as Record<
      string,
      unknown
    >;
    if (Number(assigned.awb_assign_status) !== 1 || typeof data.awb_code !== 'string') {
      throw new CourierProviderError(
        isReturn ? 'Shiprocket assigned no AWB to the return' : 'Shiprocket assigned no AWB',
      );
    }
    return {
      shipmentId: String(shipmentId),
      awb: data.awb_code,
      courierName: String(data.courier_name ?? 'Shiprocket'),
      trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(data.awb_code)}`,
    };
  }

  async function bearer(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const answer = await call(
      'POST',
      '/auth/login',
      { email: config.email, password: config.password },
      false,
    );
    if (typeof answer.token !== 'string' || answer.token === '') {
      throw new CourierProviderError('Shiprocket login gave no token');
    }
    token = { value: answer.token, until: Date.now() + TOKEN_LIFETIME_MS };
    return token.value;
  }

  return {
    name: 'shiprocket',
    async quote(query: RateQuery): Promise<RateQuote> {
      assertRateQuery(query);
      const params = new URLSearchParams({
        pickup_postcode: query.pickupPincode,
        delivery_postcode: query.deliveryPincode,
        weight: String(query.weightGrams / 1000),
        cod: query.cod ? '1' : '0',
        declared_value: String(paiseToRupees(query.declaredValuePaise)),
      });
      let answer: Record<string, unknown>;
      try {
        answer = await call('GET', `/courier/serviceability/?${params}`, undefined);
      } catch (error) {
        // Shiprocket answers 404 "no courier serviceable" for a pincode it cannot reach.
        if (error instanceof CourierProviderError && error.statusCode === 404) {
          return { deliverable: false, reason: 'no courier serves this pincode' };
        }
        throw error;
      }
      const data = (answer.data ?? {}) as Record<string, unknown>;
      const companies = Array.isArray(data.available_courier_companies)
        ? (data.available_courier_companies as Record<string, unknown>[])
        : [];
      if (companies.length === 0) {
        return { deliverable: false, reason: 'no courier serves this pincode' };
      }
      const recommended =
        companies.find(
          (company) => company.courier_company_id === data.recommended_courier_company_id,
        ) ?? [...companies].sort((a, b) => Number(a.rate) - Number(b.rate))[0]!;
      const days = Number.parseInt(String(recommended.estimated_delivery_days ?? ''), 10);
      const ratePaise = rupeesToPaise(recommended.rate);
      if (!Number.isFinite(ratePaise) || ratePaise < 0) {
        throw new CourierProviderError('Shiprocket gave no rate');
      }
      return {
        deliverable: true,
        codAvailable: companies.some((company) => Number(company.cod) === 1),
        estimatedDays: Number.isFinite(days) && days > 0 ? days : 7,
        ratePaise,
        courierName: String(recommended.courier_name ?? 'Shiprocket'),
      };
    },
    async createShipment(input: ShipmentInput): Promise<Shipment> {
      const [firstName, ...rest] = input.customer.name.trim().split(/\s+/);
      const created = await call('POST', '/orders/create/adhoc', {
        order_id: input.orderNumber,
        order_date: input.orderDate.toISOString().slice(0, 16).replace('T', ' '),
        pickup_location: config.pickupLocation,
        billing_customer_name: firstName,
        billing_last_name: rest.join(' '),
        billing_address: input.customer.address,
        billing_city: input.customer.city,
        billing_pincode: input.customer.pincode,
        billing_state: input.customer.state,
        billing_country: 'India',
        billing_email: input.customer.email,
        billing_phone: input.customer.phone.replace(/^\+91/, ''),
        shipping_is_billing: true,
        order_items: input.items.map((item) => ({
          name: item.name,
          sku: item.sku,
          units: item.units,
          selling_price: paiseToRupees(item.unitPricePaise),
        })),
        payment_method: input.cod ? 'COD' : 'Prepaid',
        sub_total: paiseToRupees(input.subTotalPaise),
        length: 30,
        breadth: 25,
        height: 5,
        weight: input.weightGrams / 1000,
      });
      const shipmentId = created.shipment_id;
      if (typeof shipmentId !== 'number' && typeof shipmentId !== 'string') {
        throw new CourierProviderError('Shiprocket made no shipment');
      }
      return assignAwb(shipmentId, false);
    },
    /**
     * Issue 32 item 7: a return order (POST /orders/create/return: `pickup_*` is the customer,
     * `shipping_*` the shop), then its AWB (POST /courier/assign/awb with `is_return: 1`), as
     * Shiprocket's API documents them.
     */
    async createReturnShipment(input: ReturnShipmentInput): Promise<Shipment> {
      const split = (name: string) => {
        const [first, ...rest] = name.trim().split(/\s+/);
        return { first: first ?? '', last: rest.join(' ') };
      };
      const customer = split(input.customer.name);
      const shop = split(input.shop.name);
      const created = await call('POST', '/orders/create/return', {
        order_id: input.returnNumber,
        order_date: input.orderDate.toISOString().slice(0, 10),
        pickup_customer_name: customer.first,
        pickup_last_name: customer.last,
        pickup_address: input.customer.address,
        pickup_city: input.customer.city,
        pickup_state: input.customer.state,
        pickup_country: 'India',
        pickup_pincode: input.customer.pincode,
        pickup_email: input.customer.email,
        pickup_phone: input.customer.phone.replace(/^\+91/, ''),
        shipping_customer_name: shop.first,
        shipping_last_name: shop.last,
        shipping_address: input.shop.address,
        shipping_city: input.shop.city,
        shipping_state: input.shop.state,
        shipping_country: 'India',
        shipping_pincode: input.shop.pincode,
        shipping_email: input.shop.email,
        shipping_phone: input.shop.phone.replace(/^\+91/, ''),
        order_items: input.items.map((item) => ({
          name: item.name,
          sku: item.sku,
          units: item.units,
          selling_price: paiseToRupees(item.unitPricePaise),
        })),
        payment_method: 'PREPAID',
        sub_total: paiseToRupees(input.subTotalPaise),
        length: 30,
        breadth: 25,
        height: 5,
        weight: input.weightGrams / 1000,
      });
      const shipmentId = created.shipment_id;
      if (typeof shipmentId !== 'number' && typeof shipmentId !== 'string') {
        throw new CourierProviderError('Shiprocket made no return shipment');
      }
      return assignAwb(shipmentId, true);
    },
    async label(shipment) {
      const answer = await call('POST', '/courier/generate/label', {
        shipment_id: [shipment.shipmentId],
      });
      if (Number(answer.label_created) !== 1 || typeof answer.label_url !== 'string') {
        throw new CourierProviderError('Shiprocket made no label');
      }
      return { kind: 'url', url: answer.label_url };
    },
    async track(awb: string): Promise<TrackingEvent[]> {
      const answer = await call('GET', `/courier/track/awb/${encodeURIComponent(awb)}`, undefined);
      const data = (answer.tracking_data ?? {}) as Record<string, unknown>;
      const activities = Array.isArray(data.shipment_track_activities)
        ? (data.shipment_track_activities as Record<string, unknown>[])
        : [];
      return activities
        .map((activity) => ({
          at: parseShiprocketDate(activity.date),
          status: String(activity['sr-status-label'] ?? activity.activity ?? activity.status ?? ''),
          location: String(activity.location ?? ''),
        }))
        .filter((event): event is TrackingEvent => event.at !== null && event.status !== '')
        .sort((a, b) => a.at.getTime() - b.at.getTime());
    },
    verifyWebhook(headers) {
      return tokenMatches(config.webhookToken, headers['x-api-key']);
    },
    parseWebhook: parseTrackingWebhook,
  };
}
