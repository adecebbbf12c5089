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
import {
  PAN_ORIGIN,
  ZOOM_DEFAULT,
  clampPan,
  clampZoom,
  panLimit,
  step,
  viewerKey,
  zoomIn,
  zoomOut,
  zoomTransform,
} from './viewer';

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
  placeholder: null,
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
  it('keeps a pinched zoom between 0.5 and 3', () => {
    expect(clampZoom(1.37)).toBe(1.37);
    expect(clampZoom(0.2)).toBe(0.5);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(Number.NaN)).toBe(ZOOM_DEFAULT);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(ZOOM_DEFAULT);
    expect(zoomIn(clampZoom(2.9))).toBe(3);
  });
  it('pans a zoomed image only as far as keeps it in view', () => {
    const box = { width: 800, height: 600 };
    // At zoom 2 the image is 1600 × 1200: its edge may reach, not pass, the original edge.
    expect(panLimit(2, box)).toEqual({ x: 400, y: 300 });
    expect(clampPan({ x: 100, y: -50 }, 2, box)).toEqual({ x: 100, y: -50 });
    expect(clampPan({ x: 5000, y: -5000 }, 2, box)).toEqual({ x: 400, y: -300 });
    expect(clampPan({ x: -5000, y: 5000 }, 3, box)).toEqual({ x: -800, y: 600 });
    // Beyond ZOOM_MAX the limit is the one of ZOOM_MAX.
    expect(panLimit(10, box)).toEqual(panLimit(3, box));
  });
  it('does not pan at zoom 1 or below, nor with an unknown size or a broken offset', () => {
    const box = { width: 800, height: 600 };
    expect(clampPan({ x: 120, y: -80 }, 1, box)).toEqual(PAN_ORIGIN);
    expect(clampPan({ x: -120, y: 80 }, 0.5, box)).toEqual(PAN_ORIGIN);
    expect(clampPan({ x: 120, y: 80 }, 2, { width: 0, height: Number.NaN })).toEqual(PAN_ORIGIN);
    expect(clampPan({ x: Number.NaN, y: Number.POSITIVE_INFINITY }, 2, box)).toEqual({
      x: 0,
      y: 0,
    });
    expect(Object.is(clampPan({ x: -0, y: -3 }, 1, box).y, 0)).toBe(true);
  });
  it('writes the transform as a pan in px, then the zoom', () => {
    expect(zoomTransform({ x: 12, y: -4 }, 1.5)).toBe('translate(12px, -4px) scale(1.5)');
    expect(zoomTransform(PAN_ORIGIN, 1)).toBe('translate(0px, 0px) scale(1)');
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
