import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentProvider,
  PAYMENTS_NOT_CONFIGURED,
  PaymentProviderError,
  type PaymentConfig,
  type PaymentProvider,
} from './payments.server';
import { createRazorpayProvider } from './razorpay.server';
import { sandboxWebhookSecret } from './sandbox.server';

const KEY_ID = 'rzp_test_Ab12Cd34Ef56Gh';
const KEY_SECRET = 'kS3cr3t-never-in-messages-9f8e7d';
const WEBHOOK_SECRET = 'wH00k-s3cret-never-in-messages-1a2b';
const SANDBOX_SECRET = 'sandbox-secret-for-tests-0123456789';

/** HMAC-SHA256 hex, computed here independently of the code under test. */
const hmac = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('hex');

const razorpay = (overrides: Partial<PaymentConfig> = {}) =>
  createPaymentProvider({
    nodeEnv: 'test',
    razorpayKeyId: KEY_ID,
    razorpayKeySecret: KEY_SECRET,
    razorpayWebhookSecret: WEBHOOK_SECRET,
    sandboxSecret: SANDBOX_SECRET,
    ...overrides,
  });

const sandbox = () => createPaymentProvider({ nodeEnv: 'test', sandboxSecret: SANDBOX_SECRET });

/** Flips one character of a hex string (so it stays well-formed hex). */
const flipHex = (hex: string, at = 10) =>
  hex.slice(0, at) + (hex[at] === 'a' ? 'b' : 'a') + hex.slice(at + 1);

describe('Razorpay checkout-handler signature', () => {
  const provider = razorpay();
  const providerOrderId = 'order_IluGWxBm9U8zJ8';
  const paymentId = 'pay_IluGX7yT3wZ1Qp';
  const valid = hmac(KEY_SECRET, `${providerOrderId}|${paymentId}`);

  it('accepts the HMAC of order id|payment id under the key secret', () => {
    expect(provider.verifyPaymentSignature({ providerOrderId, paymentId, signature: valid })).toBe(
      true,
    );
  });

  it('refuses a signature made with another secret', () => {
    const signature = hmac('another-secret', `${providerOrderId}|${paymentId}`);
    expect(provider.verifyPaymentSignature({ providerOrderId, paymentId, signature })).toBe(false);
    const withWebhookSecret = hmac(WEBHOOK_SECRET, `${providerOrderId}|${paymentId}`);
    expect(
      provider.verifyPaymentSignature({ providerOrderId, paymentId, signature: withWebhookSecret }),
    ).toBe(false);
  });

  it('refuses a valid signature for another order id or another payment id', () => {
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: 'order_IluGWxBm9U8zJ9',
        paymentId,
        signature: valid,
      }),
    ).toBe(false);
    expect(
      provider.verifyPaymentSignature({
        providerOrderId,
        paymentId: 'pay_IluGX7yT3wZ1Qq',
        signature: valid,
      }),
    ).toBe(false);
  });

  it('refuses a changed, truncated, lengthened, upper-case, non-hex or missing signature', () => {
    const bad = [
      flipHex(valid),
      valid.slice(0, 63),
      `${valid}0`,
      valid.slice(0, 62),
      valid.toUpperCase(),
      `${valid.slice(0, 63)}g`,
      Buffer.from(valid, 'hex').toString('base64'),
      '',
    ];
    for (const signature of bad) {
      expect(provider.verifyPaymentSignature({ providerOrderId, paymentId, signature })).toBe(
        false,
      );
    }
    const missing = undefined as unknown as string;
    expect(
      provider.verifyPaymentSignature({ providerOrderId, paymentId, signature: missing }),
    ).toBe(false);
    expect(
      provider.verifyPaymentSignature({ providerOrderId: '', paymentId, signature: valid }),
    ).toBe(false);
  });
});

describe('Razorpay webhook signature', () => {
  const provider = razorpay();
  const rawBody = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: 'pay_1', order_id: 'order_1', amount: 150000, currency: 'INR' } },
    },
  });
  const valid = hmac(WEBHOOK_SECRET, rawBody);

  it('accepts the HMAC of the raw body under the webhook secret', () => {
    expect(provider.verifyWebhookSignature(rawBody, valid)).toBe(true);
  });

  it('refuses when one byte of the body changed, or the body was re-serialised', () => {
    const tampered = rawBody.replace('150000', '150001');
    expect(tampered).not.toBe(rawBody);
    expect(provider.verifyWebhookSignature(tampered, valid)).toBe(false);
    expect(provider.verifyWebhookSignature(`${rawBody} `, valid)).toBe(false);
    const pretty = JSON.stringify(JSON.parse(rawBody), null, 2);
    expect(provider.verifyWebhookSignature(pretty, valid)).toBe(false);
  });

  it('refuses the key secret, a changed signature and a missing header', () => {
    expect(provider.verifyWebhookSignature(rawBody, hmac(KEY_SECRET, rawBody))).toBe(false);
    expect(provider.verifyWebhookSignature(rawBody, flipHex(valid))).toBe(false);
    expect(provider.verifyWebhookSignature(rawBody, valid.slice(1))).toBe(false);
    expect(provider.verifyWebhookSignature(rawBody, undefined)).toBe(false);
    expect(provider.verifyWebhookSignature(rawBody, '')).toBe(false);
  });
});

describe('webhook parsing', () => {
  const provider = razorpay();
  const body = (event: string, payload: unknown) =>
    JSON.stringify({ entity: 'event', account_id: 'acc_1', event, contains: [], payload });

  it('reads refund.processed and refund.failed from payload.refund.entity (issue 21 item 6)', () => {
    const refund = { id: 'rfnd_A', entity: 'refund', payment_id: 'pay_A', amount: 50_000 };
    expect(
      provider.parseWebhookEvent(
        body('refund.processed', { refund: { entity: refund } }),
        'evt-r1',
      ),
    ).toEqual({
      eventId: 'evt-r1',
      type: 'refund.processed',
      refundId: 'rfnd_A',
      paymentId: 'pay_A',
      amountPaise: 50_000,
    });
    expect(
      provider.parseWebhookEvent(body('refund.failed', { refund: { entity: refund } }), 'evt-r2'),
    ).toMatchObject({
      type: 'refund.failed',
      refundId: 'rfnd_A',
    });
    expect(provider.parseWebhookEvent(body('refund.processed', {}), 'evt-r3')).toBeNull();
  });

  it('reads payment_link.paid from payload.payment_link.entity and payload.payment.entity', () => {
    const raw = body('payment_link.paid', {
      payment_link: {
        entity: { id: 'plink_A', amount: 150_000, amount_paid: 150_000, status: 'paid' },
      },
      payment: { entity: { id: 'pay_L', order_id: 'order_L', amount: 150_000 } },
    });
    expect(provider.parseWebhookEvent(raw, 'evt-l1')).toEqual({
      eventId: 'evt-l1',
      type: 'payment_link.paid',
      linkId: 'plink_A',
      paymentId: 'pay_L',
      amountPaise: 150_000,
    });
    expect(
      provider.parseWebhookEvent(
        body('payment_link.paid', { payment_link: { entity: { id: 'plink_A' } } }),
        'e',
      ),
    ).toBeNull();
  });

  it('reads payment.captured from payload.payment.entity', () => {
    const raw = body('payment.captured', {
      payment: {
        entity: { id: 'pay_A', entity: 'payment', order_id: 'order_A', amount: 259900 },
      },
    });
    expect(provider.parseWebhookEvent(raw, 'evt-1')).toEqual({
      eventId: 'evt-1',
      type: 'payment.captured',
      providerOrderId: 'order_A',
      paymentId: 'pay_A',
      amountPaise: 259900,
    });
  });

  it('reads order.paid from payload.order.entity and the payment id from payload.payment', () => {
    const raw = body('order.paid', {
      payment: { entity: { id: 'pay_B', order_id: 'order_B', amount: 100000 } },
      order: { entity: { id: 'order_B', amount: 100000, amount_paid: 100000, status: 'paid' } },
    });
    expect(provider.parseWebhookEvent(raw, ' evt-2 ')).toEqual({
      eventId: 'evt-2',
      type: 'order.paid',
      providerOrderId: 'order_B',
      paymentId: 'pay_B',
      amountPaise: 100000,
    });
  });

  it('reads payment.failed, whose amount is what was attempted', () => {
    const raw = body('payment.failed', {
      payment: { entity: { id: 'pay_C', order_id: 'order_C', amount: 5000, status: 'failed' } },
    });
    expect(provider.parseWebhookEvent(raw, 'evt-3')).toEqual({
      eventId: 'evt-3',
      type: 'payment.failed',
      providerOrderId: 'order_C',
      paymentId: 'pay_C',
      amountPaise: 5000,
    });
  });

  it('ignores other event types and bodies without an order id', () => {
    expect(
      provider.parseWebhookEvent(
        body('refund.processed', { refund: { entity: { id: 'rfnd_1' } } }),
        'e',
      ),
    ).toBeNull();
    expect(
      provider.parseWebhookEvent(
        body('payment.authorized', { payment: { entity: { id: 'p', order_id: 'order_D' } } }),
        'e',
      ),
    ).toBeNull();
    expect(
      provider.parseWebhookEvent(
        body('payment.failed', { payment: { entity: { id: 'pay_E', order_id: null } } }),
        'e',
      ),
    ).toBeNull();
  });

  it('returns null for malformed JSON or the wrong shape, without throwing', () => {
    for (const raw of ['', '{', 'null', '[]', '"x"', '{"event":"payment.captured"}']) {
      expect(provider.parseWebhookEvent(raw, 'e')).toBeNull();
    }
    expect(
      provider.parseWebhookEvent(
        body('payment.captured', { payment: { entity: { id: 'p', order_id: 'o', amount: 'x' } } }),
        'e',
      ),
    ).toBeNull();
  });

  it('without the event-id header, derives the same id from the same body', () => {
    const raw = body('payment.captured', {
      payment: { entity: { id: 'pay_F', order_id: 'order_F', amount: 100 } },
    });
    const first = provider.parseWebhookEvent(raw, undefined);
    expect(first?.eventId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(provider.parseWebhookEvent(raw, '')?.eventId).toBe(first?.eventId);
  });
});

/** One request the test double of Razorpay's HTTP API received. */
interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The refund's X-Refund-Idempotency header. */
  idempotency: string | string[] | undefined;
  body: unknown;
}

describe('createOrder through the real Razorpay provider and SDK, against a test double', () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  /** What the double answers; replaced per test. Default: Razorpay's create-order answer. */
  let answer: (request: Received, res: ServerResponse) => void;

  const razorpayAnswer = (request: Received, res: ServerResponse) => {
    const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
    if (request.authorization !== expected) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
        }),
      );
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/orders') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Not found' } }));
      return;
    }
    const body = request.body as { amount: number; currency: string; receipt: string };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'order_IluGWxBm9U8zJ8',
        entity: 'order',
        amount: body.amount,
        amount_paid: 0,
        amount_due: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: (request.body as { notes?: unknown }).notes ?? [],
        created_at: 1_700_000_000,
      }),
    );
  };

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // keep the raw text
        }
        const request: Received = {
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          idempotency: req.headers['x-refund-idempotency'],
          body,
        };
        received.push(request);
        answer(request, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    received.length = 0;
    answer = razorpayAnswer;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  answer = razorpayAnswer;

  it('refunds through POST /v1/payments/:id/refund with the idempotency header (issue 21 item 6)', async () => {
    answer = (request, res) => {
      const body = request.body as { amount: number };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'rfnd_FP8QHiV938haTz',
          entity: 'refund',
          amount: body.amount,
          currency: 'INR',
          payment_id: 'pay_29QQoUBi66xm2f',
          status: 'pending',
          speed_requested: 'normal',
        }),
      );
    };
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    const refund = await provider.createRefund({
      paymentId: 'pay_29QQoUBi66xm2f',
      amountPaise: 500_000,
      idempotencyKey: 'refund_0f9c2b9e-1d3a-4a57-9d0e-2f1c8b7a6e51',
      notes: { order_number: 'RT-1', reason: 'Half refund' },
    });
    expect(refund).toEqual({
      refundId: 'rfnd_FP8QHiV938haTz',
      amountPaise: 500_000,
      status: 'pending',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v1/payments/pay_29QQoUBi66xm2f/refund',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      idempotency: 'refund_0f9c2b9e-1d3a-4a57-9d0e-2f1c8b7a6e51',
      body: {
        amount: 500_000,
        speed: 'normal',
        notes: { order_number: 'RT-1', reason: 'Half refund' },
      },
    });
  });

  it("turns Razorpay's refusal of a refund into a PaymentProviderError with its status", async () => {
    answer = (_request, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The refund amount provided is greater than amount captured',
          },
        }),
      );
    };
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    const refusal = provider.createRefund({
      paymentId: 'pay_29QQoUBi66xm2f',
      amountPaise: 99_999_999,
      idempotencyKey: 'refund_too_much_0001',
      notes: {},
    });
    await expect(refusal).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 400, code: 'BAD_REQUEST_ERROR' });
    await expect(
      provider.createRefund({
        paymentId: 'pay_1',
        amountPaise: 100,
        idempotencyKey: 'short',
        notes: {},
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('makes a payment link through POST /v1/payment_links, its own notifications off', async () => {
    answer = (request, res) => {
      const body = request.body as { amount: number };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'plink_ExjpAUN3gVHrPJ',
          amount: body.amount,
          currency: 'INR',
          status: 'created',
          short_url: 'https://rzp.io/i/nxrHnLJ',
        }),
      );
    };
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    const link = await provider.createPaymentLink({
      amountPaise: 1_500_000,
      referenceId: 'RT-BSP-7-12',
      description: 'Order RT-BSP-7',
      customer: { name: 'Kiran Patel', email: 'kiran@example.com', contact: '+919876543210' },
      callbackUrl: 'https://shop.example/account/orders/RT-BSP-7',
    });
    expect(link).toEqual({ linkId: 'plink_ExjpAUN3gVHrPJ', shortUrl: 'https://rzp.io/i/nxrHnLJ' });
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v1/payment_links',
      body: {
        amount: 1_500_000,
        currency: 'INR',
        reference_id: 'RT-BSP-7-12',
        customer: { name: 'Kiran Patel', email: 'kiran@example.com', contact: '+919876543210' },
        notify: { sms: false, email: false },
        callback_url: 'https://shop.example/account/orders/RT-BSP-7',
        callback_method: 'get',
      },
    });
  });

  it('cancels a payment link through POST /v1/payment_links/:id/cancel; a refusal keeps its status (issue 28 item 2)', async () => {
    answer = (request, res) => {
      if (request.url === '/v1/payment_links/plink_ExjpAUN3gVHrPJ/cancel') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'plink_ExjpAUN3gVHrPJ',
            amount: 1_500_000,
            currency: 'INR',
            status: 'cancelled',
            short_url: 'https://rzp.io/i/nxrHnLJ',
          }),
        );
        return;
      }
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment Link cannot be cancelled as it is already paid',
          },
        }),
      );
    };
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    await expect(provider.cancelPaymentLink('plink_ExjpAUN3gVHrPJ')).resolves.toEqual({
      linkId: 'plink_ExjpAUN3gVHrPJ',
      status: 'cancelled',
    });
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v1/payment_links/plink_ExjpAUN3gVHrPJ/cancel',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    });
    const refusal = provider.cancelPaymentLink('plink_FMbhpT6nqDjDei');
    await expect(refusal).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 400, code: 'BAD_REQUEST_ERROR' });
    await expect(provider.cancelPaymentLink('../orders')).rejects.toBeInstanceOf(RangeError);
    expect(received).toHaveLength(2);
  });

  it('posts paise, INR, receipt and notes with Basic auth, and returns the order', async () => {
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    expect(provider.name).toBe('razorpay');
    expect(provider.publicKey).toBe(KEY_ID);
    const order = await provider.createOrder({
      amountPaise: 1_259_900,
      receipt: 'RTH-2025-000123',
      notes: { orderNumber: 'RTH-2025-000123' },
    });
    expect(order).toEqual({
      providerOrderId: 'order_IluGWxBm9U8zJ8',
      amountPaise: 1_259_900,
      currency: 'INR',
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/orders');
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    );
    expect(request?.body).toEqual({
      amount: 1_259_900,
      currency: 'INR',
      receipt: 'RTH-2025-000123',
      notes: { orderNumber: 'RTH-2025-000123' },
    });
  });

  it('maps a 400 answer to a clear PaymentProviderError', async () => {
    answer = (_request, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Order amount less than minimum amount allowed',
            field: 'amount',
          },
        }),
      );
    };
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    const error = await provider
      .createOrder({ amountPaise: 100, receipt: 'RTH-1', notes: {} })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).message).toBe(
      'Razorpay refused to create the order (HTTP 400 BAD_REQUEST_ERROR): ' +
        'Order amount less than minimum amount allowed',
    );
    expect((error as PaymentProviderError).statusCode).toBe(400);
    expect((error as PaymentProviderError).code).toBe('BAD_REQUEST_ERROR');
  });

  it('a wrong key secret gets the 401, and no message or property carries a secret', async () => {
    const provider = razorpay({ razorpayApiUrl: baseUrl, razorpayKeySecret: 'wrong-secret-xyz' });
    const error = (await provider
      .createOrder({ amountPaise: 5000, receipt: 'RTH-2', notes: {} })
      .catch((thrown: unknown) => thrown)) as PaymentProviderError;
    expect(error.message).toMatch(/HTTP 401 BAD_REQUEST_ERROR\): Authentication failed/);
    const everything = `${error.message} ${error.stack} ${JSON.stringify(error)}`;
    expect(everything).not.toContain('wrong-secret-xyz');
    expect(JSON.stringify(provider)).not.toContain(KEY_SECRET);
    expect(JSON.stringify(razorpay())).not.toMatch(new RegExp(`${KEY_SECRET}|${WEBHOOK_SECRET}`));
  });

  it('redacts the secret even when the answer echoes it', async () => {
    answer = (request, res) => {
      const [, encoded = ''] = (request.authorization ?? '').split(' ');
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { code: 'SERVER_ERROR', description: `bad credentials ${atob(encoded)}` },
        }),
      );
    };
    const error = (await razorpay({ razorpayApiUrl: baseUrl })
      .createOrder({ amountPaise: 5000, receipt: 'RTH-3', notes: {} })
      .catch((thrown: unknown) => thrown)) as Error;
    expect(error.message).toContain('HTTP 500 SERVER_ERROR');
    expect(error.message).toContain(`${KEY_ID}:[redacted]`);
    expect(error.message).not.toContain(KEY_SECRET);
  });

  it('a non-JSON error page and an unreadable order are clear errors', async () => {
    answer = (_request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    await expect(
      provider.createOrder({ amountPaise: 100, receipt: 'R', notes: {} }),
    ).rejects.toThrow(/^Razorpay refused to create the order \(HTTP 502\)$/);
    answer = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'order_X1', amount: 99_999, currency: 'INR' }));
    };
    await expect(
      provider.createOrder({ amountPaise: 100, receipt: 'R', notes: {} }),
    ).rejects.toThrow(/created order order_X1 for 99999 INR instead of 100 INR paise/);
    answer = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    };
    await expect(
      provider.createOrder({ amountPaise: 100, receipt: 'R', notes: {} }),
    ).rejects.toThrow(/cannot read/);
  });

  it('reports a host that does not answer, and one that is too slow', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      razorpay({ razorpayApiUrl: `http://127.0.0.1:${closedPort}` }).createOrder({
        amountPaise: 100,
        receipt: 'R',
        notes: {},
      }),
    ).rejects.toThrow('Razorpay could not be reached to create the order (no HTTP answer)');

    answer = () => {
      // never answers
    };
    const slow = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: baseUrl,
      timeoutMs: 200,
    });
    await expect(slow.createOrder({ amountPaise: 100, receipt: 'R', notes: {} })).rejects.toThrow(
      'Razorpay did not answer within 200 ms',
    );
    server.closeAllConnections();
  });

  it('refuses bad amounts and receipts before sending anything', async () => {
    const provider = razorpay({ razorpayApiUrl: baseUrl });
    for (const amountPaise of [0, 99, -100, 100.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(provider.createOrder({ amountPaise, receipt: 'R', notes: {} })).rejects.toThrow(
        RangeError,
      );
    }
    await expect(
      provider.createOrder({ amountPaise: 100, receipt: 'R'.repeat(41), notes: {} }),
    ).rejects.toThrow(/at most 40 characters/);
    await expect(
      provider.createOrder({ amountPaise: 100, receipt: '', notes: {} }),
    ).rejects.toThrow(RangeError);
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, 'v']));
    await expect(
      provider.createOrder({ amountPaise: 100, receipt: 'R', notes: sixteen }),
    ).rejects.toThrow(RangeError);
    expect(received).toHaveLength(0);

    await provider.createOrder({ amountPaise: 100, receipt: 'R'.repeat(40), notes: {} });
    expect(received).toHaveLength(1);
  });
});

describe('sandbox provider', () => {
  it('refunds and pays links as Razorpay would, with signed webhooks it parses back', async () => {
    const provider = sandbox();
    const refund = await provider.createRefund({
      paymentId: 'pay_SBXabcdefghijk',
      amountPaise: 12_345,
      idempotencyKey: 'refund_key_000001',
      notes: {},
    });
    expect(refund).toMatchObject({ amountPaise: 12_345, status: 'pending' });
    expect(refund.refundId).toMatch(/^rfnd_SBX[0-9A-Za-z]{11}$/);
    const processed = provider.sandbox!.refundProcessed({
      refundId: refund.refundId,
      paymentId: 'pay_SBXabcdefghijk',
      amountPaise: 12_345,
    });
    expect(provider.verifyWebhookSignature(processed.rawBody, processed.signature)).toBe(true);
    expect(provider.parseWebhookEvent(processed.rawBody, processed.eventId)).toMatchObject({
      type: 'refund.processed',
      refundId: refund.refundId,
      amountPaise: 12_345,
    });
    expect(() =>
      provider.sandbox!.refundProcessed({ refundId: 'rfnd_real', paymentId: 'p', amountPaise: 1 }),
    ).toThrow();

    const link = await provider.createPaymentLink({
      amountPaise: 50_000,
      referenceId: 'RT-1-2',
      description: 'Order RT-1',
      customer: { name: 'A', email: '', contact: '' },
      callbackUrl: 'http://shop.test/',
    });
    expect(link.shortUrl).toBeNull();
    expect(link.linkId).toMatch(/^plink_SBX[0-9A-Za-z]{22}$/);
    expect(provider.sandbox!.isLinkId(link.linkId)).toBe(true);
    expect(provider.sandbox!.isLinkId('plink_ExjpAUN3gVHrPJ')).toBe(false);
    const paid = provider.sandbox!.payLink({
      linkId: link.linkId,
      amountPaise: 50_000,
      referenceId: 'RT-1-2',
    });
    expect(provider.verifyWebhookSignature(paid.rawBody, paid.signature)).toBe(true);
    expect(provider.parseWebhookEvent(paid.rawBody, paid.eventId)).toMatchObject({
      type: 'payment_link.paid',
      linkId: link.linkId,
      amountPaise: 50_000,
    });
    // Cancelling: its own links, as Razorpay; a link it did not make is refused with a status.
    await expect(provider.cancelPaymentLink(link.linkId)).resolves.toEqual({
      linkId: link.linkId,
      status: 'cancelled',
    });
    await expect(provider.cancelPaymentLink('plink_ExjpAUN3gVHrPJ')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('makes Razorpay-like order ids, has no public key, refuses what Razorpay would', async () => {
    const provider = sandbox();
    expect(provider.name).toBe('sandbox');
    expect(provider.publicKey).toBeNull();
    const order = await provider.createOrder({ amountPaise: 259_900, receipt: 'RTH-9', notes: {} });
    expect(order.providerOrderId).toMatch(/^order_SBX[0-9A-Za-z]{11}$/);
    expect(order).toMatchObject({ amountPaise: 259_900, currency: 'INR' });
    const again = await provider.createOrder({ amountPaise: 259_900, receipt: 'RTH-9', notes: {} });
    expect(again.providerOrderId).not.toBe(order.providerOrderId);
    await expect(
      provider.createOrder({ amountPaise: 99, receipt: 'R', notes: {} }),
    ).rejects.toThrow(RangeError);
    await expect(
      provider.createOrder({ amountPaise: 100, receipt: 'R'.repeat(41), notes: {} }),
    ).rejects.toThrow(RangeError);
  });

  it("'Pay' gives Razorpay's handler signature, verified against the stored order id", async () => {
    const provider = sandbox();
    const { providerOrderId } = await provider.createOrder({
      amountPaise: 100_000,
      receipt: 'RTH-10',
      notes: {},
    });
    const { paymentId, signature } = provider.sandbox!.pay(providerOrderId);
    expect(paymentId).toMatch(/^pay_SBX[0-9A-Za-z]{11}$/);
    expect(signature).toBe(hmac(SANDBOX_SECRET, `${providerOrderId}|${paymentId}`));
    expect(provider.verifyPaymentSignature({ providerOrderId, paymentId, signature })).toBe(true);

    const other = await provider.createOrder({ amountPaise: 100_000, receipt: 'R', notes: {} });
    expect(
      provider.verifyPaymentSignature({
        providerOrderId: other.providerOrderId,
        paymentId,
        signature,
      }),
    ).toBe(false);
    expect(
      provider.verifyPaymentSignature({
        providerOrderId,
        paymentId,
        signature: flipHex(signature),
      }),
    ).toBe(false);
    const otherSecret = createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 'other-secret' });
    expect(otherSecret.verifyPaymentSignature({ providerOrderId, paymentId, signature })).toBe(
      false,
    );
  });

  it('never verifies or pays an order id it did not make', () => {
    const provider = sandbox();
    const providerOrderId = 'order_IluGWxBm9U8zJ8';
    const paymentId = 'pay_SBX00000000000';
    const signature = hmac(SANDBOX_SECRET, `${providerOrderId}|${paymentId}`);
    expect(provider.verifyPaymentSignature({ providerOrderId, paymentId, signature })).toBe(false);
    expect(() => provider.sandbox!.pay(providerOrderId)).toThrow(/not a sandbox order id/);
    expect(() => provider.sandbox!.failure(providerOrderId, 100)).toThrow(/not a sandbox order id/);
  });

  it("'Fail payment' gives a signed payment.failed webhook the webhook path accepts", async () => {
    const provider = sandbox();
    const { providerOrderId } = await provider.createOrder({
      amountPaise: 75_000,
      receipt: 'RTH-11',
      notes: {},
    });
    const { rawBody, signature, eventId } = provider.sandbox!.failure(providerOrderId, 75_000);
    expect(signature).toBe(hmac(sandboxWebhookSecret(SANDBOX_SECRET), rawBody));
    expect(sandboxWebhookSecret(SANDBOX_SECRET)).not.toBe(SANDBOX_SECRET);
    expect(provider.verifyWebhookSignature(rawBody, signature)).toBe(true);
    expect(provider.verifyWebhookSignature(rawBody.replace('75000', '75001'), signature)).toBe(
      false,
    );
    expect(provider.verifyWebhookSignature(rawBody, hmac(SANDBOX_SECRET, rawBody))).toBe(false);
    expect(JSON.parse(rawBody)).toMatchObject({
      entity: 'event',
      event: 'payment.failed',
      payload: {
        payment: {
          entity: { order_id: providerOrderId, amount: 75_000, currency: 'INR', status: 'failed' },
        },
      },
    });
    const event = provider.parseWebhookEvent(rawBody, eventId);
    expect(event).toEqual({
      eventId,
      type: 'payment.failed',
      providerOrderId,
      paymentId: expect.stringMatching(/^pay_SBX/),
      amountPaise: 75_000,
    });
    expect(provider.sandbox!.failure(providerOrderId, 75_000).eventId).not.toBe(eventId);
  });

  it('has no sandbox helpers on the Razorpay provider', () => {
    expect((razorpay() as PaymentProvider).sandbox).toBeUndefined();
  });
});

describe('createPaymentProvider', () => {
  const keys = {
    razorpayKeyId: KEY_ID,
    razorpayKeySecret: KEY_SECRET,
    razorpayWebhookSecret: WEBHOOK_SECRET,
  };

  it('chooses Razorpay with all three values, unless PAYMENT_PROVIDER=sandbox', () => {
    for (const nodeEnv of ['development', 'production', 'test'] as const) {
      expect(createPaymentProvider({ nodeEnv, sandboxSecret: 's', ...keys }).name).toBe('razorpay');
      expect(
        createPaymentProvider({ nodeEnv, sandboxSecret: 's', provider: 'razorpay', ...keys }).name,
      ).toBe('razorpay');
      expect(
        createPaymentProvider({ nodeEnv, sandboxSecret: 's', provider: 'sandbox', ...keys }).name,
      ).toBe('sandbox');
    }
  });

  it('names the missing values when Razorpay is partly configured, and never a value', () => {
    const only = (partial: Partial<PaymentConfig>) => () =>
      createPaymentProvider({ nodeEnv: 'development', sandboxSecret: 's', ...partial });
    expect(only({ razorpayKeyId: KEY_ID })).toThrow(
      'Razorpay is partly configured: RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are ' +
        'missing (set all three RAZORPAY_* variables, or none to use the sandbox)',
    );
    expect(only({ razorpayKeyId: KEY_ID, razorpayKeySecret: KEY_SECRET })).toThrow(
      'Razorpay is partly configured: RAZORPAY_WEBHOOK_SECRET is missing',
    );
    expect(only({ razorpayWebhookSecret: WEBHOOK_SECRET, razorpayKeySecret: '  ' })).toThrow(
      'Razorpay is partly configured: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are missing',
    );
    expect(only({ razorpayKeySecret: KEY_SECRET, provider: 'sandbox' })).toThrow(
      /RAZORPAY_KEY_ID and RAZORPAY_WEBHOOK_SECRET are missing/,
    );
    try {
      only({ razorpayKeySecret: KEY_SECRET })();
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain(KEY_SECRET);
    }
  });

  it('uses the sandbox without keys outside production; blank values count as unset', () => {
    expect(createPaymentProvider({ nodeEnv: 'development', sandboxSecret: 's' }).name).toBe(
      'sandbox',
    );
    expect(createPaymentProvider({ nodeEnv: 'test', sandboxSecret: 's' }).name).toBe('sandbox');
    expect(
      createPaymentProvider({
        nodeEnv: 'development',
        sandboxSecret: 's',
        razorpayKeyId: '',
        razorpayKeySecret: ' ',
        razorpayWebhookSecret: '',
      }).name,
    ).toBe('sandbox');
  });

  it('refuses the sandbox in production unless PAYMENT_PROVIDER=sandbox', () => {
    expect(() => createPaymentProvider({ nodeEnv: 'production', sandboxSecret: 's' })).toThrow(
      PAYMENTS_NOT_CONFIGURED,
    );
    expect(PAYMENTS_NOT_CONFIGURED).toBe(
      'Payments are not configured: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and ' +
        'RAZORPAY_WEBHOOK_SECRET, or PAYMENT_PROVIDER=sandbox to take test payments',
    );
    const provider = createPaymentProvider({
      nodeEnv: 'production',
      provider: 'sandbox',
      sandboxSecret: 's',
    });
    expect(provider.name).toBe('sandbox');
    expect(provider.sandbox).toBeDefined();
  });

  it('refuses PAYMENT_PROVIDER=razorpay without keys, in every environment', () => {
    for (const nodeEnv of ['development', 'production', 'test'] as const) {
      expect(() =>
        createPaymentProvider({ nodeEnv, provider: 'razorpay', sandboxSecret: 's' }),
      ).toThrow(
        'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and ' +
          'RAZORPAY_WEBHOOK_SECRET',
      );
    }
  });

  it('refuses an empty sandbox secret, a test-double URL in production and a bad URL', () => {
    expect(() => createPaymentProvider({ nodeEnv: 'development', sandboxSecret: '' })).toThrow(
      /needs a non-empty secret/,
    );
    expect(() =>
      createPaymentProvider({
        nodeEnv: 'production',
        sandboxSecret: 's',
        razorpayApiUrl: 'http://127.0.0.1:1',
        ...keys,
      }),
    ).toThrow(/refused in production/);
    expect(() =>
      createPaymentProvider({
        nodeEnv: 'test',
        sandboxSecret: 's',
        razorpayApiUrl: 'ftp://example.test',
        ...keys,
      }),
    ).toThrow(/http\(s\) URL/);
  });
});
