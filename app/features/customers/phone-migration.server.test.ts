/**
 * The migration that stores orders' phones as E.164 (issue 30 item 1, drizzle/*_phones_e164.sql):
 * its backfill, run again on orders written the way the shop took them before the shared
 * contact fields, turns each spelling of an Indian mobile into what `parseIndianMobile` stores
 * and leaves what is not one as it was.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/lib/schema.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { parseIndianMobile } from './phone';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

/** The migration's UPDATE statements, whatever number the migration is given. */
async function backfillStatements(): Promise<string[]> {
  const folder = path.join(import.meta.dirname, '../../../drizzle');
  const [name] = (await fs.readdir(folder)).filter((file) => file.endsWith('_phones_e164.sql'));
  const file = await fs.readFile(path.join(folder, name!), 'utf8');
  return file
    .split('--> statement-breakpoint')
    .map((part) => part.replace(/^--.*$/gm, '').trim())
    .filter((part) => part.startsWith('UPDATE'));
}

describe(`the phones migration on ${testDatabaseKind}`, () => {
  it('stores each spelling of an Indian mobile as its E.164 and leaves the rest', async () => {
    const mobiles = [
      '09825012345',
      '+91 98250 12345',
      '9825012345',
      '098250-12345',
      '91 98250 12345',
      '0091 98250 12345',
      '(098250) 12345',
      '+919825012345',
    ];
    const others = ['0281 2345678', '+44 20 7946 0958', '98250 1234', 'not given'];
    const ids = new Map<string, number>();
    for (const [index, phone] of [...mobiles, ...others].entries()) {
      const [row] = await database.db
        .insert(orders)
        .values({
          number: `PH-${index}`,
          amountPaise: 100_00,
          customerName: 'Phone Backfill',
          email: 'backfill@example.com',
          phone,
          address: '1 Main Road',
          city: 'Rajkot',
          state: 'Gujarat',
          pincode: '360001',
          provider: 'sandbox',
        })
        .returning({ id: orders.id });
      ids.set(phone, row!.id);
    }
    const statements = await backfillStatements();
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) await database.db.execute(sql.raw(statement));

    const phoneOf = async (typed: string) => {
      const [row] = await database.db
        .select({ phone: orders.phone })
        .from(orders)
        .where(eq(orders.id, ids.get(typed)!));
      return row!.phone;
    };
    for (const typed of mobiles) {
      expect(await phoneOf(typed), typed).toBe('+919825012345');
      expect(parseIndianMobile(typed), typed).toBe('+919825012345');
    }
    for (const typed of others) {
      expect(await phoneOf(typed), typed).toBe(typed);
      expect(parseIndianMobile(typed), typed).toBeNull();
    }
  });
});
