import { expect, test } from '@playwright/test';

test('the service worker serves seen pages offline and the offline page for others', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  // Wait until the worker controls this page, then load the page once more through it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();

  // Scripts are not precached (issue 19): the worker stored those this page fetched while it
  // was in control, so offline the page still gets every script and stylesheet it asks for.
  const missing: string[] = [];
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/')) missing.push(request.url());
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  await page.waitForLoadState('load');
  expect(missing).toEqual([]);
  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
});
