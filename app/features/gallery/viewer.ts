/**
 * The full-size viewer's rules (SPEC.md section 4 "Gallery viewer", section 9): zoom 1 by
 * default, step 0.25, from 0.5 to 3; previous and next stay within bounds; the keys.
 */

export const ZOOM_DEFAULT = 1;
export const ZOOM_STEP = 0.25;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;

/** The hint the viewer shows. */
export const VIEWER_HINT = 'Use arrow keys to navigate • +/- to zoom • R to reset • Esc to close';

const clamp = (value: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, value));

export const zoomIn = (zoom: number) => clamp(zoom + ZOOM_STEP);
export const zoomOut = (zoom: number) => clamp(zoom - ZOOM_STEP);

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
