import { describe, expect, it } from 'vitest';
import { CATEGORY_DESCRIPTION_MAX, cutDescription, pageMeta, PRODUCT_DESCRIPTION_MAX } from './seo';

describe('cutDescription (SPEC.md section 9: product 145, category 155)', () => {
  const long =
    'Two-ply 100s count Giza cotton with a soft mercerised finish and a quiet sheen. Ideal for wedding-day shirts and formal office wear that must stay crisp through a long afternoon.';
  it('keeps short text as it is, white space folded', () => {
    expect(cutDescription('  Fine   linen. ', 145)).toBe('Fine linen.');
  });
  it('cuts long text at a word boundary within the limit, with an ellipsis', () => {
    const product = cutDescription(long, PRODUCT_DESCRIPTION_MAX);
    expect(product.length).toBeLessThanOrEqual(145);
    expect(product.endsWith('…')).toBe(true);
    expect(long.startsWith(product.slice(0, -1))).toBe(true);
    expect(product).not.toMatch(/\s…$/);
    const category = cutDescription(long, CATEGORY_DESCRIPTION_MAX);
    expect(category.length).toBeLessThanOrEqual(155);
    expect(category.length).toBeGreaterThan(product.length);
  });
  it('cuts a single long word hard', () => {
    expect(cutDescription('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('pageMeta', () => {
  it('gives title, canonical, social tags and JSON-LD', () => {
    const meta = pageMeta({
      title: 'Linen',
      description: 'Cool linen.',
      origin: 'https://shop.example',
      path: '/product/3',
      shopName: 'Shop',
      image: '/media/img/x/960.webp',
      jsonLd: [{ '@type': 'Product' }],
    });
    expect(meta).toContainEqual({ title: 'Linen | Shop' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://shop.example/product/3',
    });
    expect(meta).toContainEqual({
      property: 'og:image',
      content: 'https://shop.example/media/img/x/960.webp',
    });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(meta).toContainEqual({ 'script:ld+json': { '@type': 'Product' } });
  });
  it('falls back to the shop card when a page has no image', () => {
    const meta = pageMeta({
      title: 'About',
      description: 'd',
      origin: 'https://s.example',
      path: '/about',
      shopName: 'S',
    });
    expect(meta).toContainEqual({
      property: 'og:image',
      content: 'https://s.example/social-card.png',
    });
    expect(meta).toContainEqual({ property: 'og:image:width', content: '1200' });
  });
});
