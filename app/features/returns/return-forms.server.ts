/**
 * The shopper's return forms on an order page (issue 32 item 7), the same on the account's
 * /account/orders/:number and the signed link's /o/:token: `request-return` (a line, return or
 * exchange, a reason, an optional note and up to 3 `photos`) and `withdraw-return`
 * (`requestId`). The routes find the order and its owner first; this reads the rest of the form
 * and answers the JSON the form shows (`ReturnRequestAnswer`, order-returns.tsx).
 */
import type { Db } from '~/lib/db.server';
import { Refusal, refusalStatus } from '~/lib/refusal';
import { formFiles } from '~/lib/request-body.server';
import { StorageWriteError, type Storage } from '~/lib/storage/storage.server';
import type { ReturnRequestAnswer } from './order-returns';
import {
  prepareReturnPhotos,
  requestReturn,
  returnRequestSchema,
  returnWithdrawalSchema,
  storeReturnPhotos,
  withdrawReturn,
  type ReturnOwner,
} from './returns.server';

/** The intents this module answers. */
export const RETURN_INTENTS = ['request-return', 'withdraw-return'] as const;

function reply(body: ReturnRequestAnswer, status = 200): Response {
  return Response.json(body, { status });
}

/** The issues of a failed parse as the form shows them: the first message and one a field. */
function refusedForm(issues: readonly { path: PropertyKey[]; message: string }[]): Response {
  const fieldErrors = Object.fromEntries(
    issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]),
  );
  return reply({ ok: false, error: issues[0]?.message, fieldErrors }, 422);
}

/**
 * Answers `intent` of `form` for `owner`'s order: 200 with the message to show; 422 for a bad
 * form or too many photos, 413 or 415 for a photo the media pipeline refuses, 404 for a line or
 * request not on the order, 409 when the line may not be returned or the request was decided.
 * A request whose photos the storage cannot take is kept, and its message says so.
 */
export async function answerReturnForm(
  services: { db: Db; storage: Storage },
  owner: ReturnOwner,
  intent: (typeof RETURN_INTENTS)[number],
  form: FormData,
): Promise<Response> {
  const fields = Object.fromEntries(form);
  try {
    if (intent === 'withdraw-return') {
      const input = returnWithdrawalSchema.safeParse(fields);
      if (!input.success) return refusedForm(input.error.issues);
      const done = await withdrawReturn(services.db, owner, input.data.requestId);
      return reply({ ok: true, message: done.message });
    }
    const input = returnRequestSchema.safeParse(fields);
    if (!input.success) return refusedForm(input.error.issues);
    const photos = await prepareReturnPhotos(formFiles(form, 'photos'));
    const done = await requestReturn(services.db, owner, input.data);
    const stored = await storeReturnPhotos(services.db, services.storage, done.id, photos).then(
      () => true,
      (error: unknown) => {
        if (!(error instanceof StorageWriteError)) throw error;
        return false;
      },
    );
    return reply({
      ok: true,
      message: stored
        ? done.message
        : `${done.message} Your photos could not be saved; please show them when we reply.`,
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const fieldErrors = error.field ? { [error.field]: error.message } : undefined;
    return reply({ ok: false, error: error.message, fieldErrors }, refusalStatus(error.code));
  }
}
