/**
 * Guest checkout end to end at 375 px (issue 32 item 5 "Done when": "A guest checks out with a
 * phone and a one-time code"): a signed-out shopper adds a ready-made kurta, chooses "Check out
 * as a guest" on the way to the checkout, gives their mobile number, reads the six-digit code
 * from the WhatsApp outbox, is refused a wrong code, confirms with the right one, places the
 * order and lands on the order's signed page, where it can be paid; the cart is then empty.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addToCartFromProductPage, insertProductInSizeM, runTag, uniqueClientIp } from './support';

test.use({ viewport: { width: 375, height: 812 } });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

/** The WhatsApp messages of template `template` the server wrote to its outbox for `phone`. */
async function whatsappTo(phone: string, template: string) {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'whatsapp-outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const bodies = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  return bodies
    .filter((body) => body.includes(phone))
    .map((body) => JSON.parse(body) as { template: string; params: string[] })
    .filter((message) => message.template === template);
}

test('a guest checks out with a phone and a one-time code from WhatsApp', async ({ page }) => {
  test.slow();
  const kurta = await insertProductInSizeM('ready-to-wear', `Guest kurta ${runTag()}`, 150_000);
  // A fresh mobile number each run, so earlier runs' codes and limits do not count.
  const national = `98${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  await addToCartFromProductPage(page, kurta);

  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await page.getByRole('link', { name: 'Check out as a guest' }).click();

  const phoneForm = page.getByRole('form', { name: 'Guest phone' });
  await phoneForm.getByLabel('Mobile number (WhatsApp)').fill(national);
  await phoneForm.getByRole('button', { name: 'Send code on WhatsApp' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm your phone' });
  await expect(confirm.getByLabel('Six-digit code')).toBeVisible();

  await expect.poll(async () => (await whatsappTo(national, 'phone_code')).length).toBe(1);
  const code = (await whatsappTo(national, 'phone_code'))[0]!.params[0]!;
  expect(code).toMatch(/^\d{6}$/);
  await confirm.getByLabel('Six-digit code').fill(code === '000000' ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Confirm code' }).click();
  await expect(confirm.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await confirm.getByLabel('Six-digit code').fill(code);
  await confirm.getByRole('button', { name: 'Confirm code' }).click();

  const form = page.getByRole('form', { name: 'Delivery details' });
  await expect(form.getByText(/\(confirmed\)/)).toBeVisible();
  await form.getByLabel('Full name').fill('Kiran Mehta');
  await form.getByLabel('Address line 1').fill('7 Yagnik Road');
  await form.getByLabel('City').fill('Rajkot');
  await form.getByLabel('State').selectOption('Gujarat');
  await form.getByLabel('PIN code').fill('360001');
  await form.getByRole('radio', { name: 'Collect from the shop' }).check();
  await form.getByRole('button', { name: 'Place order and pay ₹1,500' }).click();

  await expect(page).toHaveURL(/\/o\/[^/]+$/);
  await expect(page.getByRole('heading', { name: /^Order RT-/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay ₹1,500' })).toBeVisible();
  // The order holds the kurta now: this browser's cart is empty.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Cart, 0 items' }).first()).toBeVisible();
});
