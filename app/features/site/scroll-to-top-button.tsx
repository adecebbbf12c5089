import { ArrowUpIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '~/lib/utils';

/** Scroll offset in px after which the button shows. */
const SHOW_AFTER_PX = 400;

/** The fixed button at the bottom right that scrolls back to the top (SPEC.md section 2). */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
      className={cn(
        'fixed bottom-5 right-5 z-30 flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-opacity focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        visible ? 'opacity-100' : 'pointer-events-none opacity-0',
      )}
    >
      <ArrowUpIcon aria-hidden className="size-5" />
    </button>
  );
}
