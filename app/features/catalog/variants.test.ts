/**
 * The pure rules of size variants (issue 29 item 2): the SKU made from a slug and a size, the
 * price of one piece in a size, the first size chosen, and the
 * shopper's message for a short size. Amounts in paise.
 */
import { describe, expect, it } from 'vitest';
import { firstSize, piecePrice, skuFor, variantStockMessage } from './variants';

describe('the SKU of a size', () => {
  it('joins slug and size upper-cased, other characters made single hyphens', () => {
    expect(skuFor('kurta-silk-blue', 'M')).toBe('KURTA-SILK-BLUE-M');
    expect(skuFor('kurta-silk-blue', '2 XL')).toBe('KURTA-SILK-BLUE-2-XL');
    expect(skuFor('sherwani', ' 40 / Regular ')).toBe('SHERWANI-40-REGULAR');
    expect(skuFor('sherwani', '<i>M</i>')).toBe('SHERWANI-I-M-I');
  });

  it('takes the first free suffix when the SKU is taken', () => {
    expect(skuFor('kurta', 'M', new Set(['KURTA-M']))).toBe('KURTA-M-2');
    expect(skuFor('kurta', 'M', new Set(['KURTA-M', 'KURTA-M-2']))).toBe('KURTA-M-3');
    expect(skuFor('kurta', 'M', new Set(['KURTA-L']))).toBe('KURTA-M');
  });
});

describe('the price of one piece in a size', () => {
  const variants = [
    { size: 'M', pricePaise: 220_000 },
    { size: 'L', pricePaise: 240_000 },
  ];

  it('is the size’s own price, never the product’s', () => {
    expect(piecePrice(200_000, variants, 'M')).toBe(220_000);
    expect(piecePrice(200_000, variants, 'L')).toBe(240_000);
  });

  it('is null for a size the product does not offer, and the product’s price without sizes', () => {
    expect(piecePrice(200_000, variants, 'XL')).toBeNull();
    expect(piecePrice(200_000, variants, '')).toBeNull();
    expect(piecePrice(200_000, [], '')).toBe(200_000);
  });
});

describe('the size chosen first and the message for a short size', () => {
  it('chooses the first size not sold out, else the first, else none', () => {
    expect(
      firstSize([
        { size: 'S', soldOut: true },
        { size: 'M', soldOut: false },
      ]),
    ).toBe('M');
    expect(firstSize([{ size: 'S', soldOut: true }])).toBe('S');
    expect(firstSize([])).toBe('');
  });

  it('names the size and what is left', () => {
    expect(variantStockMessage('Silk Kurta', { size: 'M', stock: 1 }, 'is')).toBe(
      'Only 1 of Silk Kurta (size M) is left',
    );
    expect(variantStockMessage('Silk Kurta', { size: 'M', stock: 2 }, 'was')).toBe(
      'Only 2 of Silk Kurta (size M) were left',
    );
    expect(variantStockMessage('Silk Kurta', { size: 'L', stock: 0 }, 'is')).toBe(
      'Silk Kurta in size L is sold out',
    );
  });
});
