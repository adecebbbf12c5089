/**
 * "The ledger is the only place that sums payments" (issue 30 item 4, decision 032): no SQL
 * outside the payments domain adds up the `payments` table. An order's paid, refunded and net
 * paid figures come from `ledgerSums` (features/orders/ledger-sums.ts) through `ledgerSumsOf`;
 * only features/payments (the ledger, the day book) may aggregate payment rows in SQL.
 *
 * What it catches: a SQL `sum(` (or `avg(`) whose argument names a column of `payments`, as a
 * Drizzle interpolation (`sum(${payments.amountPaise})`) or raw text (`sum(payments.amount_paise)`,
 * `sum(amount_paise)`), in any non-test source file under app/. A sum written in TypeScript over
 * rows read from `payments` cannot be told from other sums by its text, so it is not looked for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const ALLOWED = /^app\/features\/payments\//;
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;
const PAYMENT_SUM =
  /\b(?:sum|avg)\s*\(\s*(?:distinct\s+)?(?:\$\{\s*payments\.\w+\s*\}|"?payments"?\."?\w+|"?amount_paise\b)/gi;

/** Each SQL aggregate over `payments` in `text`, as 'file:line'. */
function paymentSums(file: string, text: string): string[] {
  return [...text.matchAll(PAYMENT_SUM)].map(
    (match) => `${file}:${text.slice(0, match.index).split('\n').length}`,
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [file] : [];
  });
}

describe('one sum of payments', () => {
  it('finds a planted sum of payment rows, in either spelling', () => {
    const planted = [
      'const paid = sql`coalesce(sum(${payments.amountPaise}), 0)::int`;',
      'const net = sql`select SUM( payments.amount_paise ) from payments`;',
      'const raw = sql`select sum(amount_paise) from payments where order_id = 1`;',
    ].join('\n');
    expect(paymentSums('app/features/orders/x.server.ts', planted)).toEqual([
      'app/features/orders/x.server.ts:1',
      'app/features/orders/x.server.ts:2',
      'app/features/orders/x.server.ts:3',
    ]);
    expect(paymentSums('x.ts', 'sql`sum(${bespokeGarments.pricePaise})`')).toEqual([]);
  });

  it('finds none outside features/payments in the tree', () => {
    const files = sourceFiles('app').filter((file) => !ALLOWED.test(file));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      paymentSums(file, fs.readFileSync(path.join(repo, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
