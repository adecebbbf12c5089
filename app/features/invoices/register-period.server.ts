/** The documents of a register period, as a SQL condition (the register and the GSTR-1 export). */
import { and, gte, lt, type SQL } from 'drizzle-orm';
import { invoices } from '~/lib/schema.server';
import { shopInstant } from '~/lib/shop-time';
import { periodDays, type RegisterPeriod } from './register-period';

/** The documents issued in `period` (Kolkata days), or undefined for every document. */
export function periodWhere(period: RegisterPeriod): SQL | undefined {
  const days = periodDays(period);
  if (!days) return undefined;
  return and(
    gte(invoices.issuedAt, shopInstant(days.from)),
    lt(invoices.issuedAt, shopInstant(days.to)),
  );
}
