/**
 * End-to-end helpers: a connection to the running server's database (the embedded database's
 * wire-protocol port), for changes an administrator would make.
 */
import pg from 'pg';

/** Runs `fn` with a connected client and closes it afterwards. */
export async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Parses '₹1,23,456' to 123456 (rupees). */
export function rupeesFromText(text: string): number {
  return Number(text.replace(/[^0-9]/g, ''));
}
