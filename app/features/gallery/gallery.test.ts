import { describe, expect, it } from 'vitest';
import {
  filterItems,
  galleryQuery,
  imageCategories,
  imageSubcategories,
  parseGalleryFilter,
  toggleType,
  type GalleryItem,
} from './filter';
import { step, viewerKey, zoomIn, zoomOut } from './viewer';

const item = (
  id: number,
  kind: 'image' | 'video',
  category?: string,
  subcategory?: string,
): GalleryItem => ({
  id,
  kind,
  title: `Item ${id}`,
  description: '',
  imageKey: null,
  videoUrl: kind === 'video' ? `/v${id}.mp4` : null,
  videoSection: kind === 'video' ? 'promotions' : null,
  category: category ? { name: category.toUpperCase(), slug: category } : null,
  subcategory: subcategory ? { name: subcategory.toUpperCase(), slug: subcategory } : null,
  createdAt: '2026-11-01T00:00:00Z',
});

const items = [
  item(1, 'image', 'fabrics', 'linen'),
  item(2, 'image', 'fabrics', 'khadi'),
  item(3, 'image', 'wedding', 'sherwani'),
  item(4, 'image'),
  item(5, 'video'),
];

describe('gallery filters (SPEC.md section 2 "Gallery")', () => {
  it('shows everything, images, a category, a subcategory, or videos', () => {
    const ids = (filter: Parameters<typeof filterItems>[1]) =>
      filterItems(items, filter).map((i) => i.id);
    expect(ids({ type: 'all' })).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ type: 'images' })).toEqual([1, 2, 3, 4]);
    expect(ids({ type: 'images', category: 'fabrics' })).toEqual([1, 2]);
    expect(ids({ type: 'images', category: 'fabrics', subcategory: 'khadi' })).toEqual([2]);
    expect(ids({ type: 'videos' })).toEqual([5]);
  });
  it('lists the categories present among images and the subcategories of one', () => {
    expect(imageCategories(items).map((c) => c.slug)).toEqual(['fabrics', 'wedding']);
    expect(imageSubcategories(items, 'fabrics').map((s) => s.slug)).toEqual(['linen', 'khadi']);
  });
  it('resets category filters when switching type, and a second Videos click unselects it', () => {
    expect(toggleType({ type: 'images', category: 'fabrics' }, 'videos')).toEqual({
      type: 'videos',
    });
    expect(toggleType({ type: 'videos' }, 'videos')).toEqual({ type: 'all' });
    expect(toggleType({ type: 'videos' }, 'images')).toEqual({ type: 'images' });
  });
  it('round-trips through the URL and ignores nonsense', () => {
    const filter = parseGalleryFilter(
      new URLSearchParams('type=images&category=fabrics&subcategory=linen'),
    );
    expect(filter).toEqual({ type: 'images', category: 'fabrics', subcategory: 'linen' });
    expect(galleryQuery(filter)).toBe('type=images&category=fabrics&subcategory=linen');
    expect(parseGalleryFilter(new URLSearchParams('type=<script>&category=x'))).toEqual({
      type: 'all',
    });
    expect(parseGalleryFilter(new URLSearchParams('type=images&subcategory=linen'))).toEqual({
      type: 'images',
      category: undefined,
      subcategory: undefined,
    });
    expect(galleryQuery({ type: 'all' })).toBe('');
  });
});

describe('the viewer (SPEC.md sections 4 and 9)', () => {
  it('zooms in steps of 0.25 between 0.5 and 3', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(0.5)).toBe(0.5);
    expect(zoomIn(3)).toBe(3);
    let zoom = 1;
    for (let i = 0; i < 20; i += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(3);
  });
  it('moves within bounds', () => {
    expect(step(0, -1, 5)).toBe(0);
    expect(step(4, 1, 5)).toBe(4);
    expect(step(2, 1, 5)).toBe(3);
  });
  it('maps the keys', () => {
    expect(
      ['ArrowLeft', 'ArrowRight', '+', '=', '-', '0', 'r', 'R', 'Escape', 'x'].map(viewerKey),
    ).toEqual([
      'previous',
      'next',
      'zoom-in',
      'zoom-in',
      'zoom-out',
      'reset',
      'reset',
      'reset',
      'close',
      null,
    ]);
  });
});
