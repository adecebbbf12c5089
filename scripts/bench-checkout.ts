/**
 * The checkout's entry of `npm run bench` (issue 32 "Done when": `/checkout` at 375 px within
 * the public pages' budgets). `/checkout` is a signed-in shopper's page with a cart, so the
 * bench makes one on its fresh server as a shopper would: registers, follows the verification
 * link the server wrote to its mail outbox (`$DATA_DIR/outbox/*.eml`, no SMTP), signs in and
 * puts a 2.5 m cut of the demo catalogue's first fabric (Giza cotton, Ivory) in the cart. Lighthouse then loads the page with that
 * session's cookie on a 375 px screen.
 */
import { decode } from 'libqp';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunningApp } from './bench-app';
import type { PageLoadOptions } from './bench-figures';

/** The page this entry measures. */
export const CHECKOUT_PAGE = '/checkout';

/** The small phone's width the issue names, in CSS px. */
const PHONE_WIDTH_PX = 375;

const SHOPPER = {
  name: 'Bench Shopper',
  email: 'checkout-shopper@bench.example',
  password: 'a-long-bench-password-2026',
};

/** The verification link of the newest e-mail to `email` in the outbox; waits up to 10 s. */
async function verificationLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const eml = await fs.readFile(path.join(outbox, file), 'utf8');
      if (/^To: (.+)$/m.exec(eml)?.[1]?.trim() !== email) continue;
      const link = /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(
        decode(eml).toString('utf8'),
      )?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification e-mail to ${email} in ${outbox}`);
}

/** `response`'s session cookie as a Cookie header value; throws when it set none. */
function sessionCookie(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
  if (!cookie) throw new Error(`${response.url} set no session cookie`);
  return cookie;
}

/**
 * A verified, signed-in shopper with one line in the cart on `app`'s server, and how
 * Lighthouse loads `/checkout` as them: their cookie, a 375 px screen.
 * @throws Error when a step answers other than a shopper's browser would see it answer.
 */
export async function checkoutLoad(app: RunningApp): Promise<PageLoadOptions> {
  const json = { Origin: app.origin, 'content-type': 'application/json' };
  const post = async (pathname: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.origin}${pathname}`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
    }
    return response;
  };
  await post('/api/auth/sign-up/email', SHOPPER);
  const verify = await fetch(await verificationLink(app.dataDir, SHOPPER.email), {
    redirect: 'manual',
  });
  if (verify.status >= 400) throw new Error(`the verification link answered ${verify.status}`);
  const cookie = sessionCookie(
    await post('/api/auth/sign-in/email', { email: SHOPPER.email, password: SHOPPER.password }),
  );
  await post(
    '/api/cart',
    { action: 'add', line: { productId: 1, color: 'Ivory', lengthCm: 250, quantity: 1 } },
    { cookie },
  );
  const page = await fetch(`${app.origin}${CHECKOUT_PAGE}`, { headers: { cookie } });
  if (!page.ok || page.url !== `${app.origin}${CHECKOUT_PAGE}`) {
    throw new Error(`${CHECKOUT_PAGE} answered ${page.status} at ${page.url}, not the checkout`);
  }
  return { headers: { cookie }, widthPx: PHONE_WIDTH_PX };
}
