import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = [
  '/',
  '/wardrobe',
  '/wardrobe?search=linen',
  '/category?subcategory=sherwani',
  '/product/1',
  '/about',
  '/services',
  '/contact',
  '/book',
  '/book?type=consultation',
  '/bespoke',
  '/bespoke?garment=sherwani',
  '/bespoke?garment=sherwani&fabric=1',
  '/bespoke?garment=jodhpuri&fabric=1&lapel=peak&step=summary',
  '/gallery',
  '/privacy-policy',
  '/terms-conditions',
  '/login',
  '/register',
  '/forgot-password',
  '/no-such-page',
];

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of pages) {
      test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            rule: violation.id,
            help: violation.help,
            targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
          }));
        expect(serious).toEqual([]);
      });
    }
  });
}
