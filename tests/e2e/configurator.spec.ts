/**
 * The configurator (issue 21 item 2) in the browser: a shopper designs a sherwani at 375 px
 * through every step and sees the server's price; a disallowed combination in the URL is
 * refused with its reason and no price; saving asks to sign in, then keeps the design, whose
 * short URL carries a fetchable social card; 'Book a measurement' reaches /book with the
 * design shown.
 */
import { expect, test, type Page } from '@playwright/test';
import { createAccount, rupeesFromText, signIn, uniqueClientIp, uniqueEmail } from './support';

/** The estimate's amounts, by its row names, in rupees. */
async function estimateRows(page: Page) {
  const estimate = page.getByRole('definition');
  const values = await estimate.allInnerTexts();
  const terms = await page.getByRole('term').allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term, rupeesFromText(values[index]!)]));
}

test.describe('the configurator', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientIp() },
  });

  test('designs a sherwani through every step with the server’s price, saves, shares and books it', async ({
    page,
    request,
  }) => {
    await page.goto('/bespoke');
    await expect(
      page.getByRole('heading', { name: 'Design your garment', level: 1 }),
    ).toBeVisible();
    await page.getByRole('radio', { name: /^Sherwani/ }).check();
    await page.getByRole('button', { name: 'Next: fabric' }).click();

    await expect(page.getByRole('heading', { name: '2. Choose the fabric' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search fabrics' }).fill('silk');
    await page.getByRole('button', { name: 'Show fabrics' }).click();
    await expect(page.getByRole('status').filter({ hasText: /fabrics?, page 1 of/ })).toBeVisible();
    const fabric = page.getByRole('link', { name: /^Choose .*Silk/i }).first();
    const fabricName = (await fabric.innerText())
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line && line !== 'Choose')!;
    await fabric.click();

    await expect(page.getByRole('heading', { name: '3. Choose the style' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Lapel' })).toHaveCount(0);
    await page
      .getByRole('group', { name: 'Buttons' })
      .getByRole('radio', { name: /Zardozi buttons/ })
      .check();
    await page
      .getByRole('group', { name: 'Collar' })
      .getByRole('radio', { name: /Mandarin/ })
      .check();
    await page.getByRole('button', { name: 'See the price' }).click();

    await expect(page.getByRole('heading', { name: '4. Your design' })).toBeVisible();
    const rows = await estimateRows(page);
    expect(rows['Making (Sherwani)']).toBe(14_000);
    expect(rows['Style options']).toBe(1_200);
    const fabricRow = Object.keys(rows).find((term) => term.startsWith('Fabric: 3 m ×'))!;
    const perMetre = rupeesFromText(fabricRow.split('×')[1]!);
    expect(rows[fabricRow]).toBe(perMetre * 3);
    expect(rows.Estimate).toBe(14_000 + perMetre * 3 + 1_200);
    await expect(page.getByRole('img', { name: 'Zardozi buttons' })).toBeVisible();
    const summaryUrl = page.url();

    // A disallowed combination in the URL: its reason, and no price.
    const jodhpuri = new URL(summaryUrl);
    jodhpuri.searchParams.set('garment', 'jodhpuri');
    jodhpuri.searchParams.set('lapel', 'peak');
    await page.goto(jodhpuri.toString());
    await expect(
      page
        .getByRole('alert')
        .getByText(
          'Peak lapel is not made on a Jodhpuri / bandhgala: it has a standing collar, not lapels',
        ),
    ).toBeVisible();
    await expect(page.getByText('No price can be shown for this combination.')).toBeVisible();
    await expect(page.getByRole('term')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Book a measurement' })).toHaveCount(0);

    // Saving asks a visitor to sign in, then keeps the design in the account.
    const email = uniqueEmail('designer');
    const password = 'a-long-designer-password-1';
    await createAccount(request, { name: 'Designer', email, password });
    await page.goto(summaryUrl);
    await page.getByRole('button', { name: 'Save design' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await signIn(page, email, password);
    await expect(page.getByRole('heading', { name: '4. Your design' })).toBeVisible();
    await page.getByRole('button', { name: 'Save design' }).click();
    await expect(page.getByRole('status').getByText('Saved to your account.')).toBeVisible();
    await expect(page).toHaveURL(/\/d\/[A-Za-z0-9_-]{22}\?saved=1$/);
    const designPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: 'Sherwani design', level: 1 })).toBeVisible();
    await expect(page.getByText(fabricName).first()).toBeVisible();

    // Its short URL previews in WhatsApp: the og:image is a fetchable 1200×630 JPEG.
    const html = await (await request.get(designPath)).text();
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(new RegExp(`${designPath}/card\\.jpg$`));
    const card = await request.get(ogImage!);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/jpeg');
    expect((await card.body()).length).toBeGreaterThan(5_000);
    expect((await request.get('/d/AAAAAAAAAAAAAAAAAAAAAA')).status()).toBe(404);

    // The account lists it.
    await page.goto('/account/designs');
    await expect(page.getByRole('link', { name: `Sherwani in ${fabricName}` })).toBeVisible();

    // 'Book a measurement' from the summary reaches /book with the design shown.
    await page.goto(summaryUrl);
    await page.getByRole('button', { name: 'Book a measurement' }).click();
    await expect(page).toHaveURL(/\/book\?type=measurement&design=[A-Za-z0-9_-]{22}$/);
    await expect(page.getByText(/^Your design: Sherwani in /)).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the design' })).toHaveAttribute(
      'href',
      /^\/d\/[A-Za-z0-9_-]{22}$/,
    );
  });
  test('offers on a suit jacket exactly the lapels, buttons, pockets and vents the home and services pages state', async ({
    page,
  }) => {
    await page.goto('/bespoke');
    await page.getByRole('radio', { name: /^Suit jacket/ }).check();
    await page.getByRole('button', { name: 'Next: fabric' }).click();
    await expect(page.getByRole('heading', { name: '2. Choose the fabric' })).toBeVisible();
    await page
      .getByRole('link', { name: /^Choose / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: '3. Choose the style' })).toBeVisible();
    const offered: Record<string, number> = {};
    for (const [group, legend] of [
      ['lapel', 'Lapel'],
      ['button', 'Buttons'],
      ['pocket', 'Pockets'],
      ['vent', 'Vent'],
    ] as const) {
      offered[group] = await page.getByRole('group', { name: legend }).getByRole('radio').count();
    }
    // Every jacket button and pocket the shop holds (issue 36 item 3).
    expect(offered).toEqual({ lapel: 4, button: 21, pocket: 6, vent: 3 });

    await page.goto('/');
    const figures = page.getByRole('region', { name: 'The house in figures' });
    for (const [label, group] of [
      ['Lapel Styles', 'lapel'],
      ['Buttons', 'button'],
      ['Pocket Styles', 'pocket'],
      ['Vent Options', 'vent'],
    ] as const) {
      await expect(
        figures.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) }),
      ).toHaveText(`${offered[group]}${label}`);
    }
    await expect(
      figures.getByText(/the choices our configurator offers on a bespoke suit jacket/),
    ).toBeVisible();

    await page.goto('/services');
    const options = page.getByRole('region', { name: 'Customization Options' });
    await expect(
      options.getByText(/pockets and vents our configurator offers on a bespoke suit jacket;/),
    ).toBeVisible();
    for (const title of [
      `Lapels (${offered.lapel} styles)`,
      `Buttons (${offered.button} options)`,
      `Pockets (${offered.pocket} styles)`,
      `Vents (${offered.vent} options)`,
    ]) {
      await expect(options.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText(/\b24 button/i)).toHaveCount(0);
  });
});
