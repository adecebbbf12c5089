/**
 * Cash on delivery end to end at 375 px (issue 32 item 3 "Done when": "A COD order is confirmed
 * from the WhatsApp outbox's code"): a shopper chooses "Cash on delivery" at checkout for
 * Mumbai, sees the ₹50 fee as its own row, places the order without paying, reads the six-digit
 * code from the WhatsApp outbox, is refused a wrong code and confirms with the right one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  addToCartFromProductPage,
  createAccount,
  insertProductInSizeM,
  runTag,
  signIn,
  uniqueClientIp,
  uniqueEmail,
} from './support';

const password = 'A-long-cash-on-delivery-passphrase';

test.use({ viewport: { width: 375, height: 812 } });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

/** The WhatsApp messages the server wrote to its outbox that mention `text`, parsed. */
async function whatsappMentioning(text: string) {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'whatsapp-outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const bodies = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  return bodies
    .filter((body) => body.includes(text))
    .map((body) => JSON.parse(body) as { template: string; params: string[] });
}

test('a shopper places a cash-on-delivery order and confirms it with the WhatsApp code', async ({
  page,
  request,
}) => {
  test.slow();
  const kurta = await insertProductInSizeM('ready-to-wear', `COD kurta ${runTag()}`, 150_000);
  const email = uniqueEmail('cod');
  await createAccount(request, { name: 'Meera Joshi', email, password });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  await addToCartFromProductPage(page, kurta);

  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Phone').fill('98250 12345');
  await form.getByLabel('Address line 1').fill('4 Marine Drive');
  await form.getByLabel('City').fill('Mumbai');
  await form.getByLabel('State').selectOption('Maharashtra');
  await form.getByLabel('PIN code').fill('400001');
  await form.getByRole('radio', { name: 'Ship to me' }).check();
  await form.getByRole('radio', { name: 'Cash on delivery' }).check();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Cash on delivery fee')).toBeVisible();
  // ₹1,500 + ₹130 shipping to Mumbai + ₹50 fee.
  await form.getByRole('button', { name: 'Place order, pay ₹1,680 on delivery' }).click();

  await expect(page.getByRole('heading', { name: /^Order RT-/ })).toBeVisible();
  const number = (await page.getByRole('heading', { name: /^Order RT-/ }).textContent())!
    .replace('Order ', '')
    .trim();
  const cod = page.getByRole('region', { name: 'Cash on delivery' });
  await expect(cod.getByLabel('Confirmation code')).toBeVisible();
  await expect(page.getByText('Cash on delivery fee')).toBeVisible();

  await expect.poll(async () => (await whatsappMentioning(number)).length).toBe(1);
  const [message] = await whatsappMentioning(number);
  expect(message!.template).toBe('cod_confirmation');
  const code = message!.params[2]!;
  expect(code).toMatch(/^\d{6}$/);

  await cod.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000');
  await cod.getByRole('button', { name: 'Confirm order' }).click();
  await expect(cod.getByText('That code is not right. 4 tries left.')).toBeVisible();

  await cod.getByLabel('Confirmation code').fill(code);
  await cod.getByRole('button', { name: 'Confirm order' }).click();
  await expect(cod.getByRole('status')).toContainText('Your cash-on-delivery order is confirmed');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Cash on delivery' }).getByRole('status'),
  ).toContainText('Your cash-on-delivery order is confirmed');
});
