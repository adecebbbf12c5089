import { expect, test } from '@playwright/test';
import { rupeesFromText } from './support';

test('tabs follow the keyboard with automatic activation', async ({ page }) => {
  await page.goto('/wardrobe');
  const fabrics = page.getByRole('tab', { name: 'Fabrics' });
  await expect(fabrics).toHaveAttribute('aria-selected', 'true');
  await fabrics.focus();
  await page.keyboard.press('ArrowRight');
  const wedding = page.getByRole('tab', { name: 'Wedding Suites' });
  await expect(wedding).toBeFocused();
  await expect(wedding).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/category=wedding-suites/);
  await expect(page.getByRole('heading', { name: 'Featured Wedding Suites' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Featured Wedding Suites' }).getByRole('listitem'),
  ).not.toHaveCount(0);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Patterns' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Patterns has no product that qualifies: the 6 highest rated stand in.
  await expect(
    page.getByRole('list', { name: 'Featured Patterns' }).getByRole('listitem'),
  ).toHaveCount(6);
});

test('a subcategory card leads to its listing and on to a product', async ({ page }) => {
  await page.goto('/wardrobe?category=fabrics');
  await page
    .getByRole('list', { name: 'Fabrics collections' })
    .getByRole('link', { name: 'Raw Silk' })
    .click();
  await expect(page).toHaveURL(/\/category\?subcategory=raw-silk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Raw Silk' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Fabrics' })).toHaveAttribute(
    'href',
    '/wardrobe?category=fabrics',
  );
  await expect(page.getByRole('link', { name: 'Back to Fabrics' })).toBeVisible();
  const products = page.getByRole('list', { name: 'Raw Silk' }).getByRole('link');
  await expect(products).toHaveCount(5);
  const name = (await products.first().textContent())!;
  await products.first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Raw Silk' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raw Silk' })).toBeVisible();
});

test('the listing sorts by price both ways', async ({ page }) => {
  await page.goto('/category?subcategory=sherwani');
  const list = page.getByRole('list', { name: 'Sherwani' });
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/sort=price-desc/);
  const pricesOf = async () =>
    (await list.getByRole('listitem').getByText(/^₹/).allTextContents()).map(rupeesFromText);
  await expect
    .poll(async () => {
      const prices = await pricesOf();
      return prices.length === 5 && prices.every((p, i) => i === 0 || prices[i - 1]! >= p);
    })
    .toBe(true);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect
    .poll(async () => {
      const prices = await pricesOf();
      return prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    })
    .toBe(true);
});

test('an unknown subcategory shows the empty state with status 404', async ({ page }) => {
  const response = await page.goto('/category?subcategory=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('No products found')).toBeVisible();
  await page.getByRole('link', { name: 'Browse All Categories' }).click();
  await expect(page).toHaveURL(/\/wardrobe$/);
});

test('search from the navigation bar ranks and counts results', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
  await search.fill('sherwani');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/wardrobe\?search=sherwani$/);
  await expect(page.getByRole('heading', { name: 'Search results for “sherwani”' })).toBeVisible();
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  const first = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
  await expect(first).toContainText(/sherwani/i);

  await page.goto(`/wardrobe?search=${encodeURIComponent("'; drop table products; --")}`);
  await expect(page.getByText('No products match your search')).toBeVisible();
  await expect(page.getByText('0 products found')).toBeVisible();
});

test('a product page rendered without JavaScript has its name, price and Product JSON-LD', async ({
  browser,
  request,
}) => {
  const html = await (await request.get('/product/1')).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!),
  );
  const product = blocks.find((block) => block['@type'] === 'Product');
  expect(product).toBeTruthy();
  expect(product.offers.priceCurrency).toBe('INR');
  expect(Number(product.offers.price)).toBeGreaterThan(0);
  expect(product.offers.priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(blocks.some((block) => block['@type'] === 'BreadcrumbList')).toBe(true);
  expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  const price = `₹${Number(product.offers.price).toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;
  await expect(page.getByText(price, { exact: true }).first()).toBeVisible();
  await context.close();
});

test('an unknown product shows Product Not Found with status 404', async ({ page }) => {
  for (const path of ['/product/999999', '/product/not-a-number']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expect(
      page.getByText("The product you're looking for doesn't exist or has been removed."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Wardrobe' })).toHaveAttribute(
      'href',
      '/wardrobe',
    );
  }
});

test.describe('the enquiry dialog', () => {
  test('asks for name and phone, then opens WhatsApp with the product text', async ({
    page,
    context,
  }) => {
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ body: 'chat', contentType: 'text/plain' }),
    );
    await page.clock.install();
    await page.goto('/product/1');
    const productName = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await page.getByLabel('Length (m)').selectOption('2.25');
    await page.getByRole('button', { name: 'Enquire on WhatsApp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enquire about this product' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Your name').fill('   ');
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page.getByText('Missing Information')).toBeVisible();
    await expect(page.getByText('Please enter both your name and phone number')).toBeVisible();
    await expect(dialog.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Your name').fill('Ravi Patel');
    await dialog.getByLabel('Phone number').fill('98250 12345');
    const popupPromise = page.waitForEvent('popup');
    // Time stands still while the enquiry is sending, so its 800 ms state can be seen on a busy
    // machine; then it runs on.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await page.clock.runFor(800);
    await page.clock.resume();
    const popup = await popupPromise;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const url = new URL(popup.url());
    expect(url.pathname).toBe('/919000000002');
    const text = url.searchParams.get('text')!;
    expect(text).toContain(`Product: ${productName}`);
    expect(text).toContain('Size: 2.25 m');
    expect(text).toContain('Name: Ravi Patel');
    expect(text).toContain('Phone: 98250 12345');
    expect(text).toMatch(/Price: ₹[\d,]+/);
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Enquire on WhatsApp' }).click();
    await expect(page.getByRole('dialog').getByLabel('Your name')).toHaveValue('');
  });
});
