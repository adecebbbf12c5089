/**
 * Testimonials in three columns that scroll by themselves (SPEC.md section 2 "Home"); the
 * motion stops while a column is hovered or holds focus, and never runs when the visitor
 * prefers reduced motion (the columns are then plain lists). Pure CSS, no script (issue 19,
 * item 3): `content-visibility: auto` lets the browser skip the section's rendering while it
 * is off-screen, which stops the animation's frames there (measured in Chromium: no frames
 * begun while the home page sits at its top); `contain-intrinsic-size` holds the section's
 * height meanwhile (its content box is 652 px when animated, at every width; `auto` then keeps
 * the last rendered size).
 *
 * Light HTML (issue 19 item 4): the quote mark is drawn once, as an SVG symbol every card
 * uses, and the copies that make each column's loop seamless are added in the browser when it
 * is idle after the page has loaded; the columns move only once they are there (without
 * JavaScript they stand still, as for reduced motion).
 */
import { QuoteIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Testimonial } from '~/content/testimonials';
import { cn } from '~/lib/utils';
import { whenIdleAfterLoad } from '~/lib/when-idle';

/** Full class names (Tailwind finds them in the source): one speed per column. */
const scrolling = [
  'motion-safe:animate-[testimonial-scroll_38s_linear_infinite]',
  'motion-safe:animate-[testimonial-scroll_46s_linear_infinite]',
  'motion-safe:animate-[testimonial-scroll_42s_linear_infinite]',
];

export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const columns = [0, 1, 2].map((column) =>
    testimonials.filter((_, index) => index % 3 === column),
  );
  const looped = useLoopCopies();
  const quote = `testimonial-quote-${useId()}`;
  return (
    <section
      aria-labelledby="testimonials-heading"
      className="bg-muted/60 py-16 [contain-intrinsic-size:auto_40.75rem] [content-visibility:auto]"
    >
      <svg aria-hidden className="hidden">
        <symbol id={quote} viewBox="0 0 24 24">
          <QuoteIcon />
        </symbol>
      </svg>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="testimonials-heading" className="text-center text-3xl font-semibold">
          What our customers say
        </h2>
        <div className="mt-10 grid max-h-[36rem] gap-5 overflow-hidden md:grid-cols-3 motion-reduce:max-h-none">
          {columns.map((column, columnIndex) => (
            <div key={columnIndex} className={cn('group', columnIndex > 0 && 'hidden md:block')}>
              <ul
                className={cn(
                  'flex flex-col gap-5 motion-safe:group-hover:[animation-play-state:paused] motion-safe:group-focus-within:[animation-play-state:paused]',
                  looped && scrolling[columnIndex],
                )}
              >
                {(looped ? [...column, ...column] : column).map((testimonial, index) => (
                  <li
                    key={`${testimonial.name}-${index}`}
                    aria-hidden={index >= column.length || undefined}
                    className={cn(
                      'rounded-lg border border-border bg-white p-6 shadow-sm',
                      index >= column.length && 'motion-reduce:hidden',
                    )}
                  >
                    <svg aria-hidden className="size-6 text-accent">
                      <use href={`#${quote}`} />
                    </svg>
                    <blockquote className="mt-3 text-sm leading-relaxed">
                      {testimonial.text}
                    </blockquote>
                    <div className="mt-4 flex items-center gap-3">
                      <span
                        aria-hidden
                        className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                      >
                        {testimonial.initials}
                      </span>
                      <p className="text-sm">
                        <span className="block font-semibold">{testimonial.name}</span>
                        <span className="text-muted-foreground">{testimonial.role}</span>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** True once the browser has been idle after the page loaded (`whenIdleAfterLoad`). */
function useLoopCopies(): boolean {
  const [looped, setLooped] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setLooped(true)), []);
  return looped;
}
