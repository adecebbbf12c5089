/**
 * The product editor's image-list rules: which chosen photos fit (size, then room), the
 * refusals' wording, and moving a tile.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMITS } from '../product-rules';
import { fitImages, megabytes, moved } from './image-rules';

const photo = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name);

describe('choosing photos', () => {
  it('takes every photo when they fit, in the order chosen', () => {
    const chosen = [photo('a.jpg'), photo('b.jpg')];
    expect(fitImages(chosen, 3)).toEqual({ fitting: chosen, problems: [] });
  });

  it('refuses a photo over the size limit by name and keeps the others', () => {
    const big = photo('big.jpg', PRODUCT_LIMITS.imageBytes + 1);
    const small = photo('small.jpg');
    const { fitting, problems } = fitImages([big, small], 8);
    expect(fitting).toEqual([small]);
    expect(problems).toEqual(['big.jpg is 15 MB; the limit is 15 MB.']);
  });

  it('takes only as many as there is room for and says how many fit', () => {
    const chosen = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')];
    expect(fitImages(chosen, 2)).toEqual({
      fitting: chosen.slice(0, 2),
      problems: ['A product can have at most 8 images; only 2 more fit.'],
    });
    expect(fitImages(chosen, 1).problems).toEqual([
      'A product can have at most 8 images; only 1 more fits.',
    ]);
    expect(fitImages(chosen, 0)).toEqual({
      fitting: [],
      problems: ['A product can have at most 8 images; remove one first.'],
    });
  });

  it('lists the size refusals before the room refusal', () => {
    const big = photo('big.jpg', PRODUCT_LIMITS.imageBytes + 1);
    const { problems } = fitImages([big, photo('a.jpg'), photo('b.jpg')], 1);
    expect(problems).toEqual([
      'big.jpg is 15 MB; the limit is 15 MB.',
      'A product can have at most 8 images; only 1 more fits.',
    ]);
  });

  it('writes sizes as megabytes to one decimal', () => {
    expect(megabytes(15 * 1024 * 1024)).toBe('15 MB');
    expect(megabytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});

describe('moving a tile', () => {
  it('swaps it with its neighbour on that side', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it is at either end', () => {
    const list = ['a', 'b'];
    expect(moved(list, 0, -1)).toBe(list);
    expect(moved(list, 1, 1)).toBe(list);
  });
});
