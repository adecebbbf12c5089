import { expect, test } from '@playwright/test';
import { withDatabase } from './support';

test.describe('navigation bar at 1280 px', () => {
  test('shows the items, turns white when scrolled, and opens the wardrobe dropdown', async ({
    page,
  }) => {
    await page.goto('/wardrobe');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About Us', 'Services', 'Gallery', 'Contact']) {
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    const banner = page.getByRole('banner');
    await expect(banner).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 600);
    await expect(banner).toHaveAttribute('data-scrolled', 'true');

    const wardrobe = main.getByRole('button', { name: 'Wardrobe' });
    await wardrobe.hover();
    await expect(wardrobe).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('link', { name: 'All Wardrobe' })).toBeVisible();
    await main.getByRole('link', { name: 'Wedding Suites' }).click();
    await expect(page).toHaveURL(/\/wardrobe\?category=wedding-suites$/);
    await expect(page.getByRole('tab', { name: 'Wedding Suites' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(wardrobe).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes the dropdown on Escape and on an outside click', async ({ page }) => {
    await page.goto('/');
    const wardrobe = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Wardrobe' });
    await wardrobe.focus();
    await page.keyboard.press('Enter');
    await expect(wardrobe).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(wardrobe).toHaveAttribute('aria-expanded', 'false');
    await expect(wardrobe).toBeFocused();
    await wardrobe.click();
    await expect(wardrobe).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(wardrobe).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('navigation bar at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

  test('puts the items behind a menu button that closes on route change', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile.getByRole('link', { name: 'About Us' })).toBeVisible();
    await mobile.getByRole('button', { name: 'Wardrobe' }).click();
    await mobile.getByRole('link', { name: 'Fabrics' }).click();
    await expect(page).toHaveURL(/\/wardrobe\?category=fabrics$/);
    await expect(mobile).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

test('a category renamed in the database shows in an open page without reload', async ({
  page,
}) => {
  // The live-update stream must be connected before the catalogue changes.
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto('/wardrobe?category=uniforms');
  await expect(page.getByRole('tab', { name: 'Uniforms' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await stream;
  await withDatabase((db) =>
    db.query(`update categories set name = 'Uniforms & Workwear' where slug = 'uniforms'`),
  );
  try {
    await expect(page.getByRole('tab', { name: 'Uniforms & Workwear' })).toBeVisible({
      timeout: 10_000,
    });
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Wardrobe' }).click();
    await expect(main.getByRole('link', { name: 'Uniforms & Workwear' })).toBeVisible();
  } finally {
    await withDatabase((db) =>
      db.query(`update categories set name = 'Uniforms' where slug = 'uniforms'`),
    );
  }
});

test('unknown pages answer 404 with links home, to the wardrobe and to contact', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const links = page.getByRole('navigation', { name: 'Helpful links' });
  await expect(links.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  await expect(links.getByRole('link', { name: 'Browse the Wardrobe' })).toHaveAttribute(
    'href',
    '/wardrobe',
  );
  await expect(links.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
});

test('a malformed address answers 400 with a plain message, not a server error', async ({
  request,
}) => {
  for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toBe(
      'This address is not valid: its percent-encoding does not decode.',
    );
  }
});
