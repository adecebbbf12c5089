import { expect, test } from '@playwright/test';
import { problems } from '../support/json-ld-rules';
import { withDatabase } from './support';

const pages = [
  '/',
  '/wardrobe',
  '/wardrobe?category=wedding-suites',
  '/category?subcategory=linen',
  '/product/1',
  '/about',
  '/services',
  '/contact',
  '/book',
  '/gallery',
  '/privacy-policy',
  '/terms-conditions',
  '/login',
  '/auth',
  '/register',
  '/forgot-password',
];

function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1]!),
  );
}

for (const path of pages) {
  test(`${path} has title, description, canonical, a social card and valid JSON-LD`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\//);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const blocks = jsonLdBlocks(html);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks)
      expect(problems(block), JSON.stringify(block).slice(0, 200)).toEqual([]);
  });
}

interface StoreData {
  '@type': string;
  aggregateRating: { ratingValue: string; reviewCount: number };
  address: { addressRegion: string };
  hasOfferCatalog: {
    itemListElement: { itemOffered: { name: string }; priceSpecification: { price: string } }[];
  };
  potentialAction: { '@type': string; target: { urlTemplate: string } };
}

test('the store data carries the rating, hours and the four service offers', async ({
  request,
}) => {
  const blocks = jsonLdBlocks(await (await request.get('/')).text()) as StoreData[];
  const store = blocks.find((block) => block['@type'] === 'ClothingStore')!;
  expect(store.aggregateRating).toMatchObject({ ratingValue: '4.8', reviewCount: 150 });
  expect(store.address.addressRegion).toBe('IN-GJ');
  expect(store.potentialAction['@type']).toBe('ReserveAction');
  expect(store.potentialAction.target.urlTemplate).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/book$/);
  const offers = store.hasOfferCatalog.itemListElement.map((offer) => [
    offer.itemOffered.name,
    offer.priceSpecification.price,
  ]);
  expect(offers).toEqual([
    ['Bespoke Tailoring', '15000.00'],
    ['Wardrobe Consulting', '5000.00'],
    ['Traditional Wear Design', '8000.00'],
    ['Alterations & Repairs', '500.00'],
  ]);
  const faq = jsonLdBlocks(await (await request.get('/services')).text()).find(
    (block) => (block as Record<string, unknown>)['@type'] === 'FAQPage',
  ) as { mainEntity: unknown };
  expect(JSON.stringify(faq.mainEntity)).toContain('₹15,000');
});

test('the sitemap lists every active product and robots.txt points at it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const products = [...sitemap.matchAll(/<loc>[^<]*\/product\/(\d+)<\/loc>/g)].map((m) =>
    Number(m[1]),
  );
  expect(products).toHaveLength(145);
  expect(sitemap).toContain('/category?subcategory=father-%26-son</loc>');
  expect(sitemap).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/book<\/loc>/);
  expect(sitemap).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  for (const path of ['/account', '/checkout', '/admin', '/api/'])
    expect(robots).toContain(`Disallow: ${path}`);
});

test('public pages are kept by browsers only, revalidated every time; never with cookies', async ({
  request,
}) => {
  // No shared cache keeps a page: each copy carries its own CSP nonce (decision 011).
  const anonymous = await request.get('/wardrobe');
  expect(anonymous.headers()['cache-control']).toBe('private, no-cache');
  const withCookie = await request.get('/wardrobe', { headers: { Cookie: 'session=abc' } });
  expect(withCookie.headers()['cache-control']).toBe('private, no-store');
  const missing = await request.get('/no-such-page');
  expect(missing.headers()['cache-control']).toBe('private, no-store');
});

test('an unchanged public page revalidates with 304 until the catalogue changes', async ({
  request,
}) => {
  const first = await request.get('/about');
  const etag = first.headers()['etag']!;
  expect(etag).toMatch(/^W\/"/);
  const again = await request.get('/about', { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
  expect(again.headers()['content-security-policy']).toBeUndefined();
  await withDatabase((db) =>
    db.query(`update categories set updated_at = now() where slug = 'fabrics'`),
  );
  await expect
    .poll(async () =>
      (await request.get('/about', { headers: { 'If-None-Match': etag } })).status(),
    )
    .toBe(200);
});
