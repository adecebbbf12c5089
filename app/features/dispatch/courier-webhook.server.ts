/**
 * POST /api/webhooks/courier (issue 32 item 6: "The courier's webhooks move the stages. They are
 * idempotent, like the payment webhooks"): the courier's tracking events, checked by the
 * provider's token (`verifyWebhook`, 401 otherwise), parsed (`parseWebhook`, 400 for a body it
 * cannot read) and applied once by event id (`applyCourierEvent`: a replay answers 200 and
 * changes nothing). Bodies over `MAX_COURIER_WEBHOOK_BYTES` are refused with 413 before they are
 * read in full.
 */
import { data, type AppLoadContext } from 'react-router';
import { applyCourierEvent } from './dispatch.server';

/** The largest tracking webhook body read, in bytes (Shiprocket's are about 2 KiB). */
const MAX_COURIER_WEBHOOK_BYTES = 16 * 1024;

/**
 * Answers one courier webhook: 401 for a wrong or missing token, 413 for a body over
 * `MAX_COURIER_WEBHOOK_BYTES`, 400 for a body without an AWB or a status, else 200 with what
 * happened (`moved`, `recorded`, `replayed`, or `unknown-awb`, which the courier need not send
 * again).
 */
export async function handleCourierWebhook(request: Request, context: AppLoadContext) {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_COURIER_WEBHOOK_BYTES) {
    return data({ error: 'Body too large' }, { status: 413 });
  }
  const headers = Object.fromEntries(request.headers.entries());
  if (!context.courier.verifyWebhook(headers)) {
    return data({ error: 'Invalid token' }, { status: 401 });
  }
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_COURIER_WEBHOOK_BYTES) {
    return data({ error: 'Body too large' }, { status: 413 });
  }
  const event = context.courier.parseWebhook(rawBody);
  if (!event) return data({ error: 'Not a tracking event' }, { status: 400 });
  const outcome = await applyCourierEvent(context.db, event, {
    publicUrl: context.env.PUBLIC_URL,
    linkSecret: context.linkSecret,
    shopName: (await context.catalogue.settings()).shopName,
  });
  return data({ ok: true, outcome });
}
