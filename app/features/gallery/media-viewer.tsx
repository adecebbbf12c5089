/**
 * The full-size viewer (SPEC.md section 2 "Gallery", section 4 "Gallery viewer"): an
 * accessible modal dialog at one item with previous/next, the counter 'n / total', the keys
 * hint, zoom for images, play/pause and mute for videos (reset on each item), and the
 * 'Video unavailable' panel when a video fails. The neighbours' images are prefetched.
 */
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  PauseIcon,
  PlayIcon,
  RotateCcwIcon,
  Volume2Icon,
  VolumeXIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { IMAGE_FORMATS, imageSrcSet, imageUrl } from '~/features/media/image-url';
import { ResponsiveImage } from '~/features/media/responsive-image';
import { cn } from '~/lib/utils';
import type { GalleryItem } from './filter';
import { usePinchZoom } from './use-pinch-zoom';
import {
  VIEWER_HINT,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
  viewerKey,
  zoomIn,
  zoomOut,
  zoomTransform,
} from './viewer';

export function MediaViewer({
  items,
  index,
  onNavigate,
  onClose,
}: {
  items: GalleryItem[];
  /** The open item's index in `items`. */
  index: number;
  onNavigate: (index: number) => void;
  onClose: () => void;
}) {
  // The shown index moves at once; the URL (the `index` prop) follows a moment later.
  const [current, setCurrent] = useState(index);
  useEffect(() => setCurrent(index), [index]);
  const item = items[current];
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);
  const {
    ref: zoomTarget,
    pan,
    gesturing,
    resetPan,
  } = usePinchZoom({ zoom, setZoom, enabled: item?.kind === 'image' });
  useEffect(() => {
    setZoom(ZOOM_DEFAULT);
    resetPan();
  }, [current, resetPan]);
  useEffect(() => {
    for (const neighbour of [items[current - 1], items[current + 1]]) {
      if (neighbour?.kind !== 'image' || !neighbour.imageKey) continue;
      // A detached <picture> picks the same format and width the viewer's own will.
      const picture = document.createElement('picture');
      for (const format of IMAGE_FORMATS) {
        const source = document.createElement('source');
        source.type = `image/${format}`;
        source.sizes = '100vw';
        source.srcset = imageSrcSet(neighbour.imageKey, format);
        picture.append(source);
      }
      const image = new Image();
      picture.append(image);
      image.src = imageUrl(neighbour.imageKey, 960);
    }
  }, [items, current]);
  // Keys are heard on the document: a button that becomes disabled (Previous on the first
  // item) drops the focus out of the dialog, and the keys must keep working.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const go = (to: number) => {
    if (to < 0 || to >= items.length || to === current) return;
    setCurrent(to);
    onNavigate(to);
  };
  const previous = () => go(current - 1);
  const next = () => go(current + 1);
  const onKey = (event: KeyboardEvent) => {
    const action = viewerKey(event.key);
    if (!item || !action || action === 'close' || event.defaultPrevented) return;
    if (event.target instanceof HTMLButtonElement && (event.key === ' ' || event.key === 'Enter'))
      return;
    event.preventDefault();
    if (action === 'previous') previous();
    else if (action === 'next') next();
    else if (item.kind === 'image') {
      setZoom((z) =>
        action === 'zoom-in' ? zoomIn(z) : action === 'zoom-out' ? zoomOut(z) : ZOOM_DEFAULT,
      );
    }
  };
  useEffect(() => {
    keyHandler.current = onKey;
  });
  if (!item) return null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        // The gallery itself puts the focus back on the card of the item shown last.
        onCloseAutoFocus={(event) => event.preventDefault()}
        className="flex h-[95vh] max-h-none w-[96vw] max-w-6xl flex-col gap-3 bg-ink p-4 text-stone-100 sm:p-6 [&>button:last-child]:text-white"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2 pr-8">
          <DialogTitle className="text-lg text-white sm:text-xl">{item.title}</DialogTitle>
          <p aria-live="polite" className="text-sm tabular-nums text-stone-300">
            {current + 1} / {items.length}
          </p>
        </div>
        <DialogDescription className="sr-only">{item.description || item.title}</DialogDescription>
        <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-md bg-black">
          {item.kind === 'image' ? (
            <div
              ref={zoomTarget}
              // touch-none: the pinch and drag are the image's own; this element only exists
              // while an image is shown, so page scrolling is left alone elsewhere.
              className={cn(
                'flex size-full touch-none select-none items-center justify-center',
                // Tracks the fingers during a gesture; eases button and key zoom steps.
                !gesturing && 'transition-transform duration-150',
                zoom > 1 && 'cursor-grab active:cursor-grabbing',
              )}
              style={{ transform: zoomTransform(pan, zoom) }}
            >
              <ResponsiveImage
                imageKey={item.imageKey}
                alt={item.title}
                width={1600}
                height={1200}
                sizes="100vw"
                fallbackWidth={960}
                priority
                className="max-h-full w-auto max-w-full bg-transparent object-contain"
              />
            </div>
          ) : (
            <ViewerVideo key={item.id} item={item} />
          )}
          <Button
            variant="ghost"
            size="icon"
            onClick={previous}
            disabled={current === 0}
            aria-label="Previous"
            className="absolute left-2 top-1/2 -translate-y-1/2 bg-black/50 text-white hover:bg-black/70"
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={next}
            disabled={current === items.length - 1}
            aria-label="Next"
            className="absolute right-2 top-1/2 -translate-y-1/2 bg-black/50 text-white hover:bg-black/70"
          >
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {item.kind === 'image' ? (
            <div className="flex items-center gap-2" role="group" aria-label="Zoom">
              <Button
                variant="outline"
                size="icon"
                onClick={() => setZoom(zoomOut)}
                disabled={zoom <= ZOOM_MIN}
                aria-label="Zoom out"
                className="bg-transparent text-white"
              >
                <ZoomOutIcon aria-hidden />
              </Button>
              <span className="w-14 text-center text-sm tabular-nums" aria-live="polite">
                {Math.round(zoom * 100)}%
              </span>
              <Button
                variant="outline"
                size="icon"
                onClick={() => setZoom(zoomIn)}
                disabled={zoom >= ZOOM_MAX}
                aria-label="Zoom in"
                className="bg-transparent text-white"
              >
                <ZoomInIcon aria-hidden />
              </Button>
              <Button
                variant="outline"
                size="icon"
                onClick={() => setZoom(ZOOM_DEFAULT)}
                aria-label="Reset zoom"
                className="bg-transparent text-white"
              >
                <RotateCcwIcon aria-hidden />
              </Button>
            </div>
          ) : (
            <span />
          )}
          <p className="text-xs text-stone-300">{VIEWER_HINT}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A video with play/pause and mute; both reset when the item changes (the parent keys it). */
function ViewerVideo({ item }: { item: GalleryItem }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [failed, setFailed] = useState(!item.videoUrl);
  if (failed) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 p-8 text-center">
        <p className="text-lg font-semibold text-white">Video unavailable</p>
        <p className="text-sm text-stone-300">Unable to load video content</p>
      </div>
    );
  }
  return (
    <>
      <video
        ref={video}
        src={item.videoUrl ?? undefined}
        poster={item.imageKey ? imageUrl(item.imageKey, 960) : undefined}
        preload="metadata"
        playsInline
        muted={muted}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => setFailed(true)}
        className="max-h-full max-w-full"
      >
        <track kind="captions" />
      </video>
      <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
        <Button
          variant="outline"
          size="sm"
          className="bg-black/60 text-white"
          onClick={() => {
            const element = video.current;
            if (!element) return;
            if (element.paused) void element.play().catch(() => setFailed(true));
            else element.pause();
          }}
        >
          {playing ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="bg-black/60 text-white"
          onClick={() => setMuted((m) => !m)}
        >
          {muted ? <VolumeXIcon aria-hidden /> : <Volume2Icon aria-hidden />}
          {muted ? 'Unmute' : 'Mute'}
        </Button>
      </div>
    </>
  );
}
