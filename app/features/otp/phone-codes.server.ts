/**
 * One-time phone codes (issue 32 item 5 "a phone number, confirmed by a one-time code over
 * WhatsApp"; decision 037): the shop's own module, so the guest checkout now and issue 33's
 * phone sign-in later send and check codes by the same rules.
 *
 * - Sending ({@link sendPhoneCode}): a six-digit code from the system's secure random source
 *   goes to the phone on WhatsApp through the notifications queue (template
 *   {@link PHONE_CODE_TEMPLATE}). Only SHA-256 of a per-code random salt and the code is kept in
 *   `phone_codes`, with its `purpose`, its expiry ({@link PHONE_CODE_MINUTES} minutes) and its
 *   wrong tries. A new code makes the phone's earlier live codes for the purpose expire.
 * - Checking ({@link verifyPhoneCode}): the phone's newest unused code for the purpose, under a
 *   row lock. A wrong code counts a try; after {@link PHONE_CODE_ATTEMPTS} wrong tries the code
 *   is dead; an expired one is refused; the right one is marked used, so it is never taken
 *   twice (a replay finds no code).
 * - Limits (lib/rate-limit.server): sending, per phone and per client address
 *   ({@link PHONE_CODE_LIMITS}); checking, per client address. Over a limit:
 *   RateLimitedError (the route answers 429 with Retry-After).
 *
 * Times are instants; the messages speak minutes.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { queueNotification } from '~/lib/notifications/queue.server';
import { enforceLimits, type RequestLimit } from '~/lib/rate-limit.server';
import { phoneCodes } from '~/lib/schema.server';
import { getMessageSettings } from '~/features/customers/message-settings.server';

/** What a code is for; issue 33's phone sign-in adds its own (and to the column's check). */
export type PhoneCodePurpose = (typeof phoneCodes.$inferSelect)['purpose'];

/** How long a code lives, in minutes. */
const PHONE_CODE_MINUTES = 10;

/** Wrong tries a code takes; the next one finds it dead. */
const PHONE_CODE_ATTEMPTS = 5;

/**
 * The WhatsApp template of a code: an approved template of this name with the body parameter
 * {{1}} the code (an "authentication" template in WhatsApp's terms).
 */
export const PHONE_CODE_TEMPLATE = 'phone_code';

/**
 * The request limits: codes sent to one phone (3 in 10 minutes, 10 a day), codes sent from
 * one client address (10 an hour), codes checked from one client address (30 in 10 minutes).
 */
const PHONE_CODE_LIMITS = {
  perPhone: { windowS: 600, max: 3 },
  perPhoneDay: { windowS: 86_400, max: 10 },
  perAddress: { windowS: 3_600, max: 10 },
  checksPerAddress: { windowS: 600, max: 30 },
} as const satisfies Record<string, RequestLimit>;

/** What each purpose says the code is for, in the message. */
const PURPOSE_WORDS: Record<PhoneCodePurpose, string> = {
  'guest-checkout': 'to check out',
};

/** The stored hash of `code` under `salt` (hex SHA-256 of "salt:code"). */
export function hashPhoneCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/**
 * Sends a new code for `purpose` to `phone` (E.164, already parsed by `parseIndianMobile`) at
 * `now`: takes a hit on the limits, stores the code's hash, makes earlier live codes of the
 * phone for the purpose expire, and queues the WhatsApp message.
 * @param clientAddress from `clientAddress(request)`.
 * @returns the code (tests read it; callers never show it: it goes only to WhatsApp).
 * @throws RateLimitedError ("Too many codes …") when a limit is spent; nothing is sent.
 */
export async function sendPhoneCode(
  db: Db,
  input: { phone: string; purpose: PhoneCodePurpose; clientAddress: string },
  now = new Date(),
): Promise<string> {
  await enforceLimits(
    db,
    [
      { key: `phone-code:phone:${input.phone}`, limit: PHONE_CODE_LIMITS.perPhone },
      { key: `phone-code:phone-day:${input.phone}`, limit: PHONE_CODE_LIMITS.perPhoneDay },
      { key: `phone-code:ip:${input.clientAddress}`, limit: PHONE_CODE_LIMITS.perAddress },
    ],
    'Too many codes were asked for this number or from this connection.',
    now,
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const messages = await getMessageSettings(db);
  await db.transaction(async (tx) => {
    await tx
      .update(phoneCodes)
      .set({ expiresAt: now, updatedAt: now })
      .where(
        and(
          eq(phoneCodes.phone, input.phone),
          eq(phoneCodes.purpose, input.purpose),
          isNull(phoneCodes.usedAt),
          gt(phoneCodes.expiresAt, now),
        ),
      );
    await tx.insert(phoneCodes).values({
      purpose: input.purpose,
      phone: input.phone,
      salt,
      codeHash: hashPhoneCode(salt, code),
      expiresAt: new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    await queueNotification(tx, {
      channel: 'whatsapp',
      kind: `phone-code.${input.purpose}`,
      recipient: input.phone,
      subject: 'Your one-time code',
      body: `${code} is your code ${PURPOSE_WORDS[input.purpose]}. It works for ${PHONE_CODE_MINUTES} minutes. Do not share it with anyone.`,
      whatsapp: { name: PHONE_CODE_TEMPLATE, language: messages.language, params: [code] },
    });
  });
  return code;
}

/** What checking a code answered: the phone is verified, or why not (a message to show). */
export type PhoneCodeOutcome = { ok: true } | { ok: false; message: string };

/** The refusals of {@link verifyPhoneCode}, for tests and callers. */
export const PHONE_CODE_MESSAGES = {
  none: 'No code is waiting for this number. Please ask for a new code.',
  expired: 'This code has expired. Please ask for a new code.',
  dead: 'Too many wrong codes. Please ask for a new code.',
} as const;

/**
 * Checks `code` (six digits, already parsed) for `purpose` on `phone` at `now`: the phone's
 * newest unused code, locked. The right one is marked used and answers ok (once: a replay finds
 * no code); a wrong one counts a try and says how many are left. The try is stored even though
 * the answer is a refusal (the outcome is returned, not thrown, so the count commits).
 * @throws RateLimitedError over the checks' limit per client address.
 */
export async function verifyPhoneCode(
  db: Db,
  input: { phone: string; purpose: PhoneCodePurpose; code: string; clientAddress: string },
  now = new Date(),
): Promise<PhoneCodeOutcome> {
  await enforceLimits(
    db,
    [
      {
        key: `phone-code-check:ip:${input.clientAddress}`,
        limit: PHONE_CODE_LIMITS.checksPerAddress,
      },
    ],
    'Too many codes were tried from this connection.',
    now,
  );
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, input.phone),
          eq(phoneCodes.purpose, input.purpose),
          isNull(phoneCodes.usedAt),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
      .limit(1)
      .for('update');
    if (!stored) return { ok: false, message: PHONE_CODE_MESSAGES.none };
    if (stored.attempts >= PHONE_CODE_ATTEMPTS) {
      return { ok: false, message: PHONE_CODE_MESSAGES.dead };
    }
    if (stored.expiresAt <= now) return { ok: false, message: PHONE_CODE_MESSAGES.expired };
    const given = Buffer.from(hashPhoneCode(stored.salt, input.code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(stored.codeHash, 'hex'))) {
      const attempts = stored.attempts + 1;
      await tx
        .update(phoneCodes)
        .set({ attempts, updatedAt: now })
        .where(eq(phoneCodes.id, stored.id));
      const left = PHONE_CODE_ATTEMPTS - attempts;
      return {
        ok: false,
        message:
          left > 0
            ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'That code is not right, and no tries are left. Please ask for a new code.',
      };
    }
    const [used] = await tx
      .update(phoneCodes)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(phoneCodes.id, stored.id), isNull(phoneCodes.usedAt)))
      .returning({ id: phoneCodes.id });
    return used ? { ok: true } : { ok: false, message: PHONE_CODE_MESSAGES.none };
  });
}
