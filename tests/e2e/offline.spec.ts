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

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
});
