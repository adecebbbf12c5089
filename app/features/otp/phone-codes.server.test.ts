/**
 * One-time phone codes on a real database (issue 32 item 5; decision 037): only a salted hash
 * is stored, the code goes on WhatsApp, it expires after 10 minutes, dies after 5 wrong tries,
 * is taken once, and sending is limited per phone and per client address (Retry-After); the
 * cookie that proves the phone refuses tampering, another phone and another purpose.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '~/lib/rate-limit.server';
import { jobs, notifications, phoneCodes } from '~/lib/schema.server';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import {
  hashPhoneCode,
  PHONE_CODE_MESSAGES,
  PHONE_CODE_TEMPLATE,
  sendPhoneCode,
  verifyPhoneCode,
} from './phone-codes.server';
import { readVerifiedPhoneToken, verifiedPhoneToken } from './verified-phone.server';

let database: TestDatabase;
let phones = 0;
const purpose = 'guest-checkout' as const;
const T0 = new Date('2026-11-28T10:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** A fresh phone and client address, so limits of one test do not touch another. */
function fresh() {
  phones += 1;
  return {
    phone: `+9198250${String(10_000 + phones).slice(-5)}`,
    clientAddress: `203.0.113.${phones}`,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

describe('sending a code', () => {
  it('stores only a salted hash and sends the code on WhatsApp with its template', async () => {
    const who = fresh();
    const code = await sendPhoneCode(database.db, { ...who, purpose }, T0);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, who.phone));
    expect(row!.codeHash).toBe(hashPhoneCode(row!.salt, code));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime()).toBe(minutes(10).getTime());
    const [message] = await database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipient, who.phone),
          eq(notifications.kind, 'phone-code.guest-checkout'),
        ),
      );
    expect(message!.channel).toBe('whatsapp');
    expect(message!.body).toContain(code);
    // The template travels with the message's send job.
    const sends = await database.db.select({ payload: jobs.payload }).from(jobs);
    expect(
      sends.some((job) => JSON.stringify(job.payload).includes(`"${PHONE_CODE_TEMPLATE}"`)),
    ).toBe(true);
  });

  it('refuses a fourth code to one phone in 10 minutes with the wait, and none is stored', async () => {
    const who = fresh();
    for (let i = 0; i < 3; i += 1) {
      await sendPhoneCode(
        database.db,
        { ...who, clientAddress: `198.51.100.${i}`, purpose },
        minutes(i),
      );
    }
    const refused = await sendPhoneCode(
      database.db,
      { ...who, clientAddress: '198.51.100.9', purpose },
      minutes(3),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterS).toBe(7 * 60);
    const rows = await database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, who.phone));
    expect(rows).toHaveLength(3);
  });

  it('refuses the eleventh code from one client address in an hour', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 10; i += 1) {
      await sendPhoneCode(
        database.db,
        { phone: `+9197000${String(10_000 + i).slice(-5)}`, clientAddress: address, purpose },
        minutes(i),
      );
    }
    await expect(
      sendPhoneCode(
        database.db,
        { phone: '+919700099999', clientAddress: address, purpose },
        minutes(11),
      ),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe('checking a code', () => {
  it('takes the right code once: a replay finds no code', async () => {
    const who = fresh();
    const code = await sendPhoneCode(database.db, { ...who, purpose }, T0);
    const check = { ...who, purpose, code };
    expect(await verifyPhoneCode(database.db, check, minutes(1))).toEqual({ ok: true });
    expect(await verifyPhoneCode(database.db, check, minutes(2))).toEqual({
      ok: false,
      message: PHONE_CODE_MESSAGES.none,
    });
  });

  it('refuses a code past its 10 minutes', async () => {
    const who = fresh();
    const code = await sendPhoneCode(database.db, { ...who, purpose }, T0);
    expect(await verifyPhoneCode(database.db, { ...who, purpose, code }, minutes(10))).toEqual({
      ok: false,
      message: PHONE_CODE_MESSAGES.expired,
    });
  });

  it('counts wrong tries; after 5 the right code is refused too', async () => {
    const who = fresh();
    const code = await sendPhoneCode(database.db, { ...who, purpose }, T0);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        await verifyPhoneCode(database.db, { ...who, purpose, code: wrong }, minutes(1)),
      );
    }
    expect(answers[0]).toEqual({ ok: false, message: 'That code is not right. 4 tries left.' });
    expect(answers[4]).toEqual({
      ok: false,
      message: 'That code is not right, and no tries are left. Please ask for a new code.',
    });
    expect(await verifyPhoneCode(database.db, { ...who, purpose, code }, minutes(2))).toEqual({
      ok: false,
      message: PHONE_CODE_MESSAGES.dead,
    });
  });

  it('a new code makes the earlier one expire', async () => {
    const who = fresh();
    const first = await sendPhoneCode(database.db, { ...who, purpose }, T0);
    const second = await sendPhoneCode(database.db, { ...who, purpose }, minutes(1));
    if (first !== second) {
      expect(
        (await verifyPhoneCode(database.db, { ...who, purpose, code: first }, minutes(2))).ok,
      ).toBe(false);
    }
    expect(
      await verifyPhoneCode(database.db, { ...who, purpose, code: second }, minutes(2)),
    ).toEqual({ ok: true });
  });
});

describe('the verified phone cookie', () => {
  const secret = 'integration-test-link-secret';
  const phone = '+919825012345';

  it('proves its phone for 2 hours, and nothing when tampered, for another phone or purpose', () => {
    const token = verifiedPhoneToken(secret, purpose, phone, T0);
    expect(readVerifiedPhoneToken(secret, purpose, token, minutes(119))).toBe(phone);
    expect(readVerifiedPhoneToken(secret, purpose, token, minutes(120))).toBeNull();
    expect(
      readVerifiedPhoneToken(secret, purpose, token.replace(phone, '+919825012346'), T0),
    ).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect(readVerifiedPhoneToken(secret, purpose, flipped, T0)).toBeNull();
    expect(readVerifiedPhoneToken('another-secret', purpose, token, T0)).toBeNull();
    expect(readVerifiedPhoneToken(secret, 'phone-sign-in' as typeof purpose, token, T0)).toBeNull();
    expect(readVerifiedPhoneToken(secret, purpose, 'garbage', T0)).toBeNull();
  });
});
