import { expect, test, type Page } from '@playwright/test';

const header = (page: Page) =>
  page.getByRole('heading', { level: 1, name: /^Our Gallery \(\d+ items?\)$/ });
const count = async (page: Page) =>
  Number(/\((\d+) item/.exec((await header(page).textContent()) ?? '')?.[1]);

test('filters live in the URL and drive the header count', async ({ page }) => {
  await page.goto('/gallery');
  await expect(header(page)).toHaveText('Our Gallery (38 items)');
  const types = page.getByRole('navigation', { name: 'Media type' });
  await expect(types.getByRole('link', { name: 'All Media' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await types.getByRole('link', { name: 'Images' }).click();
  await expect(page).toHaveURL(/\/gallery\?type=images$/);
  await expect(header(page)).toHaveText('Our Gallery (32 items)');
  const categories = page.getByRole('navigation', { name: 'Category' });
  await expect(categories.getByRole('link', { name: 'All Categories' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await categories.getByRole('link', { name: 'Fabrics' }).click();
  await expect(page).toHaveURL(/type=images&category=fabrics$/);
  // The count is read once the header shows the filtered list, not the one before it.
  await expect(header(page)).not.toHaveText('Our Gallery (32 items)');
  const fabrics = await count(page);
  expect(fabrics).toBeGreaterThan(0);
  expect(fabrics).toBeLessThan(32);
  const subcategories = page.getByRole('navigation', { name: 'Subcategory' });
  await subcategories.getByRole('link', { name: 'Linen' }).click();
  await expect(page).toHaveURL(/subcategory=linen$/);
  await expect(header(page)).toHaveText('Our Gallery (1 item)');
  await page.reload();
  await expect(header(page)).toHaveText('Our Gallery (1 item)');

  await types.getByRole('link', { name: 'Videos' }).click();
  await expect(page).toHaveURL(/\/gallery\?type=videos$/);
  await expect(header(page)).toHaveText('Our Gallery (6 items)');
  await expect(page.getByRole('navigation', { name: 'Category' })).toHaveCount(0);
  for (const section of ['Fabric showcase', 'Store Visit', 'Promotions']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await types.getByRole('link', { name: 'Videos' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(header(page)).toHaveText('Our Gallery (38 items)');
});

test('the viewer counts, moves by keys, zooms, and closes with Escape or the back button', async ({
  page,
}) => {
  await page.goto('/gallery?type=images');
  const cards = page.getByRole('list', { name: 'Gallery items' }).getByRole('link');
  await cards.nth(1).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('2 / 32')).toBeVisible();
  await expect(
    viewer.getByText('Use arrow keys to navigate • +/- to zoom • R to reset • Esc to close'),
  ).toBeVisible();
  await expect(page).toHaveURL(/item=\d+/);

  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('3 / 32')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('1 / 32')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('1 / 32')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await expect(viewer.getByText('100%')).toBeVisible();
  await page.keyboard.press('+');
  await page.keyboard.press('=');
  await expect(viewer.getByText('150%')).toBeVisible();
  for (let i = 0; i < 10; i += 1) await page.keyboard.press('+');
  await expect(viewer.getByText('300%')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  await page.keyboard.press('r');
  await expect(viewer.getByText('100%')).toBeVisible();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('-');
  await expect(viewer.getByText('50%')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('100%')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(/\/gallery\?type=images$/);
  await expect(cards.nth(1)).toBeFocused();

  await cards.nth(0).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/gallery\?type=images$/);
});

test('a video that fails to load says so', async ({ page }) => {
  await page.route('**/media/videos/**', (route) => route.abort());
  await page.goto('/gallery?type=videos');
  await page.getByRole('list', { name: 'Promotions' }).getByRole('link').first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText('Video unavailable')).toBeVisible();
  await expect(viewer.getByText('Unable to load video content')).toBeVisible();
});

test('a video plays and pauses, and its controls reset on the next item', async ({ page }) => {
  await page.goto('/gallery?type=videos');
  await page.getByRole('list', { name: 'Fabric showcase' }).getByRole('link').first().click();
  const viewer = page.getByRole('dialog');
  await viewer.getByRole('button', { name: 'Mute' }).click();
  await expect(viewer.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Play' }).click();
  await expect(viewer.getByRole('button', { name: 'Pause' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Mute' })).toBeVisible();
});

test.describe('without the service worker', () => {
  // page.route does not see what a service worker fetches, and the worker (registered once the
  // page is idle) would fetch the images this test makes fail.
  test.use({ serviceWorkers: 'block' });

  test('a broken image shows the placeholder, and the gallery does not shift while loading', async ({
    page,
  }) => {
    await page.route('**/media/variants/**', (route) => route.abort());
    await page.goto('/gallery?type=images');
    await page.getByRole('list', { name: 'Gallery items' }).getByRole('link').first().click();
    const viewer = page.getByRole('dialog');
    const title = (await viewer.getByRole('heading').textContent())!;
    await expect(viewer.getByRole('img', { name: title })).toHaveAttribute(
      'src',
      '/images/placeholder.svg',
    );
    await page.keyboard.press('Escape');

    await page.unroute('**/media/variants/**');
    await page.goto('/gallery');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.02);
  });
});
