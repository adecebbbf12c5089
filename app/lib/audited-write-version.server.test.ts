/**
 * An edit form's version (issue 28 item 7): only an instant of the shop's years, written with
 * its zone, reaches the database's `updated_at` comparison; anything else is the "out of date"
 * refusal (409), never a database error. '9999-12-31T23:59:59.999-05:00' is a date to
 * JavaScript, but its ISO form (+010000-…) is not one PostgreSQL reads.
 */
import { describe, expect, it } from 'vitest';
import { Refusal, refusalStatus } from '~/lib/refusal';
import { assertVersion } from './audited-write.server';

function refusalOf(version: string | undefined): { status: number; message: string } | null {
  try {
    assertVersion(version, 'product');
    return null;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { status: refusalStatus(error.code), message: error.message };
  }
}

describe('assertVersion', () => {
  it('takes the version an editor opened', () => {
    expect(assertVersion('2026-11-25T08:15:30.123Z', 'product')).toBe('2026-11-25T08:15:30.123Z');
  });

  it('refuses a missing, malformed or out-of-range version with 409 and its message', () => {
    const outOfDate = {
      status: 409,
      message: 'The product form is out of date. Reload and edit again.',
    };
    for (const version of [
      undefined,
      '',
      'yesterday',
      '9999-12-31T23:59:59.999-05:00',
      '9999-12-31T23:59:59.999Z',
      '-000001-01-01T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '2026-02-31T10:00:00Z',
      '2026-11-25T08:15:30',
    ]) {
      expect(refusalOf(version), String(version)).toEqual(outOfDate);
    }
  });
});
