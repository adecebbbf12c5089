/**
 * The shop's own request limits (issue 8 item 5: the contact form and checkout creation, per
 * client address, per e-mail and per account). Better Auth limits sign-up, sign-in and
 * password reset itself (`AUTH_RATE_LIMITS` in auth.server.ts); this covers the rest.
 *
 * Counters live in the `request_limits` table, so every instance behind a load balancer counts
 * the same hits. Each key counts in fixed windows: one atomic upsert per key starts a new
 * window when the last one ended, or adds a hit to it. Why not a library: see
 * docs/decisions/007-request-limits.md.
 */
import { inArray, lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from './db.server';
import { requestLimits } from './schema.server';

/** The header the server sets from Express's `req.ip` (replacing any client value). */
export const CLIENT_IP_HEADER = 'x-storefront-client-ip';

/** At most `max` hits per window of `windowS` seconds. */
export interface RequestLimit {
  windowS: number;
  max: number;
}

/** One counter to take a hit on: `key` names what is counted (e.g. `contact:ip:203.0.113.9`). */
export interface LimitCheck {
  key: string;
  limit: RequestLimit;
}

/** Thrown when a limit is spent; `retryAfterS` is whole seconds until the window ends. */
export class RateLimitedError extends Error {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

/**
 * Who to count a request against: the client address the server put in `CLIENT_IP_HEADER`
 * (Express's `req.ip`, behind trusted proxies only). An IPv6 address counts as its /64, since
 * one home or phone gets a whole /64; an IPv4-mapped IPv6 address as its IPv4 address;
 * anything unreadable as 'unknown'.
 */
export function clientAddress(request: Request): string {
  return addressKey(request.headers.get(CLIENT_IP_HEADER));
}

/** What {@link clientAddress} counts for a raw address (the header's value): see there. */
export function addressKey(rawAddress: string | null | undefined): string {
  const raw = rawAddress?.trim() ?? '';
  if (!ipaddr.isValid(raw)) return 'unknown';
  const address = ipaddr.process(raw);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/** Counters whose window began this long ago are deleted now and then (ms); above any window. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Takes one hit on each counter (all of them, so a refused attempt still counts).
 * @param now the clock (tests pass their own); instances are expected to share NTP time.
 * @returns `{ ok: true }`, or `{ ok: false, retryAfterS }` when any counter is over its max,
 *   `retryAfterS` being the longest wait among the spent ones (at least 1).
 */
export async function takeHits(
  db: Db,
  checks: readonly LimitCheck[],
  now: Date = new Date(),
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  let retryAfterS = 0;
  for (const { key, limit } of checks) {
    const nowIso = now.toISOString();
    const expired = sql`${requestLimits.windowStart} <= ${nowIso}::timestamptz - make_interval(secs => ${limit.windowS})`;
    const [row] = await db
      .insert(requestLimits)
      .values({ key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: requestLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${requestLimits.hits} + 1 end`,
          windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${requestLimits.windowStart} end`,
        },
      })
      .returning({ hits: requestLimits.hits, windowStart: requestLimits.windowStart });
    if (row && row.hits > limit.max) {
      const endsAt = row.windowStart.getTime() + limit.windowS * 1000;
      retryAfterS = Math.max(retryAfterS, Math.ceil((endsAt - now.getTime()) / 1000), 1);
    }
  }
  if (Math.random() < 0.01) await forgetStaleCounters(db, now);
  return retryAfterS > 0 ? { ok: false, retryAfterS } : { ok: true };
}

/**
 * Like `takeHits`, but throws when a counter is spent.
 * @throws RateLimitedError with `message` and the wait in seconds.
 */
export async function enforceLimits(
  db: Db,
  checks: readonly LimitCheck[],
  message: string,
  now?: Date,
): Promise<void> {
  const result = await takeHits(db, checks, now);
  if (!result.ok) throw new RateLimitedError(message, result.retryAfterS);
}

/**
 * Reads counters without taking a hit: the wait in whole seconds (at least 1) until every
 * counter that has reached its max in its current window ends, or 0 when none has.
 */
export async function spentWait(
  db: Db,
  checks: readonly LimitCheck[],
  now: Date = new Date(),
): Promise<number> {
  if (checks.length === 0) return 0;
  const rows = await db
    .select({ key: requestLimits.key, hits: requestLimits.hits, start: requestLimits.windowStart })
    .from(requestLimits)
    .where(
      inArray(
        requestLimits.key,
        checks.map((check) => check.key),
      ),
    );
  let wait = 0;
  for (const { key, limit } of checks) {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row || row.hits < limit.max) continue;
    const endsAt = row.start.getTime() + limit.windowS * 1000;
    if (endsAt > now.getTime()) wait = Math.max(wait, Math.ceil((endsAt - now.getTime()) / 1000));
  }
  return wait;
}

/** Forgets the counters under these keys (e.g. an account's failures after it signs in). */
export async function clearCounters(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(requestLimits).where(inArray(requestLimits.key, [...keys]));
}

/** Deletes counters whose window began more than a day before `now`; returns how many. */
export async function forgetStaleCounters(db: Db, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(requestLimits)
    .where(lt(requestLimits.windowStart, new Date(now.getTime() - STALE_AFTER_MS)))
    .returning({ key: requestLimits.key });
  return gone.length;
}

/** "5 minutes", "1 minute", "30 seconds": a wait in words for refusal messages. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "Too many attempts. Please try again in 5 minutes.": a 429's message with its wait. */
export function tooManyAttemptsMessage(retryAfterS: number): string {
  return `Too many attempts. Please try again in ${waitInWords(retryAfterS)}.`;
}
