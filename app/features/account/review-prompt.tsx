/**
 * The review prompt of /login and /register (SPEC.md section 4 "Review prompt"): a fixed card
 * that appears 3 s after the page loads, shows the shop's 5.0 rating, and stays away for the
 * rest of the browser session once its close button is pressed.
 */
import { StarIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

/** Delay before the prompt appears, in ms (SPEC.md section 9). */
const REVIEW_PROMPT_DELAY_MS = 3_000;
/** The fixed rating the prompt shows (SPEC.md section 4). */
const REVIEW_PROMPT_RATING = 5.0;
const DISMISSED_KEY = 'review-prompt-dismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function ReviewPrompt() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (wasDismissed()) return;
    const timer = setTimeout(() => setVisible(true), REVIEW_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  const dismiss = () => {
    setVisible(false);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage can be blocked; the prompt then simply comes back on the next page.
    }
  };
  return (
    <aside
      aria-label="Customer rating"
      className="fixed bottom-4 left-4 z-30 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-border bg-white p-4 shadow-lg"
    >
      <button
        type="button"
        onClick={dismiss}
        aria-label="Close the rating"
        className="absolute right-2 top-2 rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon aria-hidden className="size-4" />
      </button>
      <p className="flex items-center gap-2 pr-6">
        <span className="text-2xl font-semibold">{REVIEW_PROMPT_RATING.toFixed(1)}</span>
        <span
          className="flex text-accent"
          aria-label={`Rated ${REVIEW_PROMPT_RATING.toFixed(1)} out of 5`}
          role="img"
        >
          {Array.from({ length: 5 }, (_, index) => (
            <StarIcon key={index} aria-hidden className="size-4 fill-current" />
          ))}
        </span>
      </p>
      <p className="mt-1 text-sm font-medium">Loved by our customers since 1987</p>
      <p className="mt-1 text-sm text-muted-foreground">
        Had a fitting with us? Tell us how we did: your words help other gentlemen find their
        tailor.{' '}
        <Link to="/contact" className="font-medium text-primary underline">
          Share your experience
        </Link>
      </p>
    </aside>
  );
}
