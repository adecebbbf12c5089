/**
 * Pinch-to-zoom and drag-to-pan for the full-size viewer's image (SPEC.md section 4 "Gallery
 * viewer"). The zoom factor stays with the viewer, shared with the +/- buttons and keys; the
 * hook owns the pan offset in px, which only exists while zoomed in (zoom > 1) and is clamped
 * so the image stays in view (see `clampPan` in ./viewer).
 */
import { useGesture } from '@use-gesture/react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import {
  PAN_ORIGIN,
  ZOOM_MAX,
  ZOOM_MIN,
  clampPan,
  clampZoom,
  panLimit,
  type Box,
  type Pan,
} from './viewer';

export interface PinchZoom {
  /** The gesture target: the element the transform is applied to, wrapping the image. */
  ref: RefObject<HTMLDivElement | null>;
  /** The pan offset in px (0,0 whenever zoom <= 1). */
  pan: Pan;
  /** True while fingers, a mouse or a trackpad move the image: track them, no transition. */
  gesturing: boolean;
  /** Puts the image back in the centre (stable across renders). */
  resetPan: () => void;
}

/** The untransformed size in px of the image inside the gesture target (or of the target). */
function contentBox(target: HTMLElement | null): Box {
  const content = target?.querySelector('img') ?? target;
  // offsetWidth/offsetHeight are layout sizes, unaffected by the zoom transform.
  return content
    ? { width: content.offsetWidth, height: content.offsetHeight }
    : { width: 0, height: 0 };
}

const samePan = (a: Pan, b: Pan) => a.x === b.x && a.y === b.y;

/**
 * Binds pinch (zoom factor, continuous, within ZOOM_MIN..ZOOM_MAX, starting from the current
 * `zoom`) and, when zoom > 1, one-finger or mouse drag (pan in px) to the returned `ref`.
 * Trackpad pinch (a wheel event with ctrl or meta) zooms too, without scrolling the page.
 * Nothing is bound while `enabled` is false (a video is shown).
 */
export function usePinchZoom({
  zoom,
  setZoom,
  enabled,
}: {
  /** The current zoom factor. */
  zoom: number;
  setZoom: Dispatch<SetStateAction<number>>;
  enabled: boolean;
}): PinchZoom {
  const ref = useRef<HTMLDivElement>(null);
  const [pan, setPan] = useState<Pan>(PAN_ORIGIN);
  const [gesturing, setGesturing] = useState(false);
  const resetPan = useCallback(() => setPan(PAN_ORIGIN), []);

  // Whatever changed the zoom (pinch, buttons, keys, reset, another item): no pan at zoom <= 1,
  // and a pan that the smaller zoom no longer allows is pulled back in.
  useEffect(() => {
    setPan((previous) => {
      const next = zoom <= 1 ? PAN_ORIGIN : clampPan(previous, zoom, contentBox(ref.current));
      return samePan(next, previous) ? previous : next;
    });
  }, [zoom]);

  useEffect(() => {
    if (!enabled) setGesturing(false);
  }, [enabled]);

  // A mouse drag on the <img> would otherwise start the browser's own image drag (and cancel
  // the pointer events the pan relies on).
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target) return;
    const prevent = (event: Event) => event.preventDefault();
    target.addEventListener('dragstart', prevent);
    return () => target.removeEventListener('dragstart', prevent);
  }, [enabled]);

  useGesture(
    {
      onPinch: ({ offset: [scale], active }) => {
        const next = clampZoom(scale);
        setGesturing(active);
        setZoom(next);
        // Clamped here as well as in the effect so the frame never shows an out-of-bounds pan.
        setPan((previous) =>
          next <= 1 ? PAN_ORIGIN : clampPan(previous, next, contentBox(ref.current)),
        );
      },
      onDrag: ({ offset: [x, y], active, pinching, cancel }) => {
        if (pinching) {
          cancel();
          return;
        }
        setGesturing(active && zoom > 1);
        if (zoom <= 1) return;
        setPan(clampPan({ x, y }, zoom, contentBox(ref.current)));
      },
    },
    {
      target: ref,
      enabled,
      // Not passive, so a trackpad pinch (ctrl/meta + wheel) does not zoom the whole page.
      eventOptions: { passive: false },
      pinch: {
        scaleBounds: { min: ZOOM_MIN, max: ZOOM_MAX },
        from: () => [zoom, 0],
        rubberband: false,
        modifierKey: ['ctrlKey', 'metaKey'],
      },
      drag: {
        from: () => [pan.x, pan.y],
        bounds: () => {
          const limit = panLimit(zoom, contentBox(ref.current));
          return { left: -limit.x, right: limit.x, top: -limit.y, bottom: limit.y };
        },
        rubberband: false,
        // The arrow keys stay with the viewer (previous/next), never panning.
        pointer: { keys: false },
      },
    },
  );

  return { ref, pan, gesturing, resetPan };
}
