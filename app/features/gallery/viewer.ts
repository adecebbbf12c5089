/**
 * The full-size viewer's rules (SPEC.md section 4 "Gallery viewer", section 9): zoom 1 by
 * default, step 0.25, from 0.5 to 3 (buttons, keys and pinch alike); a zoomed image pans but
 * stays in view; previous and next stay within bounds; the keys.
 */

export const ZOOM_DEFAULT = 1;
const ZOOM_STEP = 0.25;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;

/** The hint the viewer shows. */
export const VIEWER_HINT = 'Use arrow keys to navigate • +/- to zoom • R to reset • Esc to close';

/**
 * A zoom factor (1 = natural fit) kept within ZOOM_MIN..ZOOM_MAX; a value that is not a finite
 * number (a broken gesture reading) gives ZOOM_DEFAULT.
 */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM_DEFAULT;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** The zoom factor one step (ZOOM_STEP) up, clamped. */
export const zoomIn = (zoom: number) => clampZoom(zoom + ZOOM_STEP);
/** The zoom factor one step (ZOOM_STEP) down, clamped. */
export const zoomOut = (zoom: number) => clampZoom(zoom - ZOOM_STEP);

/** A pan offset in px: the translation applied before the zoom scale. */
export interface Pan {
  x: number;
  y: number;
}

/** A size in px. */
export interface Box {
  width: number;
  height: number;
}

/** No pan: the image centred in its box. */
export const PAN_ORIGIN: Pan = Object.freeze({ x: 0, y: 0 });

/**
 * How far in px the image may be panned from the centre along each axis at a zoom factor.
 * `box` is the image's own untransformed size in px, scaled about its centre: the limit,
 * (size × zoom − size) / 2, lets the scaled image's edge reach but never pass the edge of the
 * area the image filled at zoom 1, so some of it always stays in view. At zoom <= 1 nothing
 * overflows and the limit is 0.
 */
export function panLimit(zoom: number, box: Box): Pan {
  const limit = (size: number) =>
    Number.isFinite(size) && size > 0 ? Math.max(0, (size * (clampZoom(zoom) - 1)) / 2) : 0;
  return { x: limit(box.width), y: limit(box.height) };
}

/**
 * A pan offset in px clamped to ±panLimit(zoom, box) on each axis, so dragging cannot push the
 * image out of view; at zoom <= 1 (or with an unknown box, or a non-finite offset) it is 0.
 */
export function clampPan(offset: Pan, zoom: number, box: Box): Pan {
  const limit = panLimit(zoom, box);
  // `+ 0` turns -0 into 0.
  const clamp = (value: number, max: number) =>
    Number.isFinite(value) ? Math.min(max, Math.max(-max, value)) + 0 : 0;
  return { x: clamp(offset.x, limit.x), y: clamp(offset.y, limit.y) };
}

/**
 * The CSS transform for the zoomed image: the pan in px, then the zoom factor about the
 * centre, e.g. 'translate(12px, -4px) scale(1.5)'.
 */
export function zoomTransform(pan: Pan, zoom: number): string {
  return `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`;
}

/** The index after a step of -1 or +1, staying within 0..count-1. */
export function step(index: number, by: -1 | 1, count: number): number {
  return Math.min(count - 1, Math.max(0, index + by));
}

export type ViewerAction = 'previous' | 'next' | 'zoom-in' | 'zoom-out' | 'reset' | 'close';

/** What a key does in the viewer, or null for keys it leaves alone. */
export function viewerKey(key: string): ViewerAction | null {
  switch (key) {
    case 'ArrowLeft':
      return 'previous';
    case 'ArrowRight':
      return 'next';
    case '+':
    case '=':
      return 'zoom-in';
    case '-':
      return 'zoom-out';
    case '0':
    case 'r':
    case 'R':
      return 'reset';
    case 'Escape':
      return 'close';
    default:
      return null;
  }
}
