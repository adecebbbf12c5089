import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { aboutCta, aboutHero, companyStory, founders, mission, vision } from '~/content/about';
import { houseFigures } from '~/content/home';
import { PageHero } from '~/features/site/page-hero';
import { rootMetaData } from '~/features/site/root-data';
import { breadcrumbJsonLd, pageMeta } from '~/lib/seo';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { settings, origin } = rootMetaData(matches);
  return pageMeta({
    title: 'About Us – Our Story since 1987',
    description:
      'A Rajkot family house of fabric and bespoke tailoring since 1987: our story, our mission and the people who measure, cut and fit every garment.',
    origin,
    path: '/about',
    shopName: settings.shopName,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: 'About Us', path: '/about' },
      ]),
    ],
  });
};

/** /about (SPEC.md section 2 "About"). */
export default function About() {
  return (
    <>
      <PageHero eyebrow="Since 1987" heading={aboutHero.heading} text={aboutHero.text} />
      <section aria-labelledby="story-heading" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h2 id="story-heading" className="text-3xl font-semibold">
          {companyStory.heading}
        </h2>
        {companyStory.paragraphs.map((paragraph) => (
          <p
            key={paragraph.slice(0, 24)}
            className="mt-4 text-lg leading-relaxed text-muted-foreground"
          >
            {paragraph}
          </p>
        ))}
      </section>
      <section aria-label="The house in figures" className="bg-primary text-primary-foreground">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:grid-cols-5">
          {houseFigures.map((figure) => (
            <li key={figure.label}>
              <p className="font-serif text-3xl font-semibold">{figure.value}</p>
              <p className="text-sm opacity-90">{figure.label}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-2">
        {[mission, vision].map((block) => (
          <article
            key={block.heading}
            className="rounded-lg border border-border bg-white p-8 shadow-sm"
          >
            <h2 className="text-2xl font-semibold">{block.heading}</h2>
            <p className="mt-3 leading-relaxed text-muted-foreground">{block.text}</p>
          </article>
        ))}
      </section>
      <section aria-labelledby="founders-heading" className="bg-muted/60 py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="founders-heading" className="text-3xl font-semibold">
            Founders &amp; Co-founders
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {founders.map((founder) => (
              <li
                key={founder.name}
                className="rounded-lg border border-border bg-white p-6 shadow-sm"
              >
                <div
                  aria-hidden
                  className="flex size-16 items-center justify-center rounded-full bg-primary font-serif text-xl font-semibold text-primary-foreground"
                >
                  {founder.initials}
                </div>
                <h3 className="mt-4 text-xl font-semibold">{founder.name}</h3>
                <p className="text-sm font-medium text-accent-strong">{founder.role}</p>
                <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{founder.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section
        aria-labelledby="about-cta"
        className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6"
      >
        <h2 id="about-cta" className="text-3xl font-semibold">
          {aboutCta.heading}
        </h2>
        <p className="mt-3 text-lg text-muted-foreground">{aboutCta.text}</p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/wardrobe">Explore Collection</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
