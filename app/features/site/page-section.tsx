/**
 * The building blocks the content pages share: a titled section (a landmark named by its
 * heading) and a grid of icon cards.
 */
import { useId, type ReactNode } from 'react';
import { cn } from '~/lib/utils';

/** The bordered white card every grid on the content pages uses. */
export const cardClass = 'rounded-lg border border-border bg-white p-6 shadow-sm';

export function PageSection({
  heading,
  intro,
  muted = false,
  centered = false,
  id,
  children,
}: {
  heading: string;
  intro?: string;
  /** On the muted band that alternates with the page background. */
  muted?: boolean;
  centered?: boolean;
  /** An anchor for in-page links. */
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn('py-14', muted && 'bg-muted/60')}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id={headingId} className={cn('text-3xl font-semibold', centered && 'text-center')}>
          {heading}
        </h2>
        {intro && (
          <p
            className={cn(
              'mt-3 max-w-2xl text-muted-foreground',
              centered ? 'mx-auto text-center' : 'text-lg leading-relaxed',
            )}
          >
            {intro}
          </p>
        )}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export interface IconCard {
  title: string;
  text: string;
  /** A decorative icon (hidden from assistive technology). */
  icon: ReactNode;
}

/** Icon, title and text cards in a grid of up to `columns` (3 or 4) columns. */
export function IconCardList({
  cards,
  columns = 4,
}: {
  cards: readonly IconCard[];
  columns?: 3 | 4;
}) {
  return (
    <ul
      className={cn(
        'grid gap-5',
        columns === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'md:grid-cols-3',
      )}
    >
      {cards.map((card) => (
        <li key={card.title} className={cardClass}>
          {card.icon}
          <h3 className="mt-3 text-xl font-semibold">{card.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
