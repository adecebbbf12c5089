import type { ReactNode } from 'react';

/** The heading band at the top of a content page. */
export function PageHero({
  eyebrow,
  heading,
  text,
  children,
}: {
  eyebrow?: string;
  heading: string;
  text?: string;
  /** Calls to action under the text. */
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-muted to-background">
      <div className="mx-auto max-w-7xl px-4 pb-12 pt-14 sm:px-6 md:pt-20">
        {eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-strong">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">
          {heading}
        </h1>
        {text && <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{text}</p>}
        {children && <div className="mt-7 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
