/**
 * Toasts (sonner) without sonner in the first download (issue 19 item 2): `toast` has sonner's
 * calling shape, but the library and its `<Toaster>` are fetched on the first toast, so a page
 * that never shows one never loads them.
 *
 * A toast asked for before the toaster has mounted and subscribed waits for it instead of being
 * lost (sonner drops toasts that nobody listens to yet).
 */
import { useEffect, useState, type ComponentProps } from 'react';
import type * as Sonner from 'sonner';

type SonnerModule = typeof Sonner;
type ToastOptions = Parameters<SonnerModule['toast']['success']>[1];
type Kind = 'message' | 'success' | 'error' | 'warning' | 'info';

let library: Promise<SonnerModule> | undefined;
/** Called by the mounted LazyToaster with the module, once its Toaster has subscribed. */
let markReady: ((sonner: SonnerModule) => void) | undefined;
const ready = new Promise<SonnerModule>((resolve) => {
  markReady = resolve;
});
/** Asks the mounted LazyToaster to load and render the Toaster (set while one is mounted). */
let requestToaster: (() => void) | undefined;
let requested = false;

function loadSonner(): Promise<SonnerModule> {
  return (library ??= import('sonner'));
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  requested = true;
  requestToaster?.();
  void ready.then((sonner) => {
    if (kind === 'message') sonner.toast(message, options);
    else sonner.toast[kind](message, options);
  });
}

/**
 * Shows a toast: `toast(message, options)` or `toast.success | error | warning | info(…)`,
 * with sonner's options (`description`, `duration`, …). Returns at once; the toast appears
 * once the toaster has loaded (the first one takes a chunk's fetch).
 */
export const toast = Object.assign(
  (message: string, options?: ToastOptions) => show('message', message, options),
  {
    success: (message: string, options?: ToastOptions) => show('success', message, options),
    error: (message: string, options?: ToastOptions) => show('error', message, options),
    warning: (message: string, options?: ToastOptions) => show('warning', message, options),
    info: (message: string, options?: ToastOptions) => show('info', message, options),
  },
);

/** Resolves the waiting toasts once the Toaster rendered beside it has subscribed. */
function ToasterReady({ sonner }: { sonner: SonnerModule }) {
  // A later sibling's effect runs after the Toaster's own, by which time it listens.
  useEffect(() => markReady?.(sonner), [sonner]);
  return null;
}

/**
 * The page's toaster, rendered once in the root layout: nothing until the first toast asks for
 * it, then sonner's `<Toaster>` with these props.
 */
export function LazyToaster(props: ComponentProps<SonnerModule['Toaster']>) {
  const [sonner, setSonner] = useState<SonnerModule | null>(null);
  useEffect(() => {
    let active = true;
    const load = () => {
      void loadSonner().then((module) => {
        if (active) setSonner(module);
      });
    };
    requestToaster = load;
    if (requested) load();
    return () => {
      active = false;
      if (requestToaster === load) requestToaster = undefined;
    };
  }, []);
  if (!sonner) return null;
  return (
    <>
      <sonner.Toaster {...props} />
      <ToasterReady sonner={sonner} />
    </>
  );
}
