import type { Policy } from '~/content/policies';
import { PageHero } from './page-hero';

/** A policy page (SPEC.md section 2: effective October 2025, Rajkot, Gujarat, five sections). */
export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <>
      <PageHero
        eyebrow={`Effective ${policy.effective}`}
        heading={policy.title}
        text={policy.intro}
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <ol className="space-y-2 text-sm">
            {policy.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-muted-foreground hover:text-primary hover:underline"
                >
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl">
          {policy.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mb-10"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-semibold">
                {index + 1}. {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p
                  key={paragraph.slice(0, 32)}
                  className="mt-3 leading-relaxed text-muted-foreground"
                >
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
          <p className="border-t border-border pt-6 text-sm text-muted-foreground">
            Effective {policy.effective}. These terms are governed by the laws of India; the courts
            at {policy.jurisdiction} have jurisdiction.
          </p>
        </div>
      </div>
    </>
  );
}
