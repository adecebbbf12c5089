import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import {
  customizationIntro,
  customizationOptions,
  faqs,
  processSteps,
  serviceDetails,
  serviceOffers,
  servicesHero,
} from '~/content/services';
import { PageHero } from '~/features/site/page-hero';
import { cardClass, PageSection } from '~/features/site/page-section';
import { rootMetaData } from '~/features/site/root-data';
import { storeJsonLd } from '~/features/site/store-json-ld';
import { formatRupees } from '~/lib/money';
import { breadcrumbJsonLd, pageMeta } from '~/lib/seo';
import type { Route } from './+types/services';
import { BOOK_CONSULTATION_PATH } from '~/features/catalog/booking-links';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { settings, origin } = rootMetaData(matches);
  return pageMeta({
    title: 'Services – Designing, Bespoke Tailoring & Accessories',
    description:
      'Bespoke tailoring from ₹15,000, wardrobe consulting, traditional wear design and alterations in Rajkot: consultation, measurement, crafting and final fitting.',
    origin,
    path: '/services',
    shopName: settings.shopName,
    jsonLd: [
      storeJsonLd(settings, origin),
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faqs.map((faq) => ({
          '@type': 'Question',
          name: faq.question,
          acceptedAnswer: { '@type': 'Answer', text: faq.answer },
        })),
      },
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: 'Services', path: '/services' },
      ]),
    ],
  });
};

/**
 * What the configurator offers on the garment the customization options are stated for, so
 * the page's counts are the catalogue's (issue 36 item 3).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { styleFigures: await context.catalogue.styleFigures() };
}

/** /services (SPEC.md section 2 "Services"). */
export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Our services" heading={servicesHero.heading} text={servicesHero.text}>
        <Button asChild size="lg">
          <a href="#designing">
            Discover Our Services <ArrowRightIcon aria-hidden />
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={BOOK_CONSULTATION_PATH}>Book Consultation</Link>
        </Button>
      </PageHero>

      <PageSection heading="Our Approach">
        <ul className="grid gap-5 md:grid-cols-3">
          {serviceDetails.map((service) => (
            <li key={service.id} className={cardClass}>
              <h3 className="text-xl font-semibold">{service.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{service.summary}</p>
              <a
                href={`#${service.id}`}
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              >
                More about {service.title.toLowerCase()}
                <ArrowRightIcon aria-hidden className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      </PageSection>

      {serviceDetails.map((service, index) => (
        <PageSection
          key={service.id}
          id={service.id}
          heading={service.title}
          intro={service.text}
          muted={index % 2 === 0}
        >
          <ul className="grid gap-5 md:grid-cols-3">
            {service.features.map((feature) => (
              <li key={feature.title} className={cardClass}>
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <CheckIcon aria-hidden className="size-5 text-accent" />
                  {feature.title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.text}</p>
              </li>
            ))}
          </ul>
        </PageSection>
      ))}

      <PageSection heading="Our Process">
        <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {processSteps.map((step) => (
            <li key={step.number} className={cardClass}>
              <p aria-hidden className="font-serif text-4xl font-semibold text-accent">
                {step.number}
              </p>
              <h3 className="mt-2 text-xl font-semibold">
                <span className="sr-only">Step {step.number}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection
        heading="Customization Options"
        intro={customizationIntro(loaderData.styleFigures)}
        muted
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {customizationOptions(loaderData.styleFigures).map((group) => (
            <li key={group.title} className="rounded-lg border border-border bg-white p-6">
              <h3 className="text-lg font-semibold">{group.title}</h3>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                {group.options.map((option) => (
                  <li key={option}>{option}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link to="/bespoke" className="font-semibold text-primary underline">
            Design your garment with these options and see its price
          </Link>
        </p>
      </PageSection>

      <PageSection heading="Services and starting prices">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {serviceOffers.map((offer) => (
            <li key={offer.name} className={cardClass}>
              <h3 className="text-lg font-semibold">{offer.name}</h3>
              <p className="mt-1 text-xl font-semibold text-primary">
                from {formatRupees(offer.pricePaise)}
              </p>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {offer.description}
              </p>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 pb-14 sm:px-6">
        <h2 id="faq-heading" className="text-3xl font-semibold">
          Frequently Asked Questions
        </h2>
        <div className="mt-6 divide-y divide-border rounded-lg border border-border bg-white">
          {faqs.map((faq) => (
            <details key={faq.question} className="group p-5">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                {faq.question}
              </summary>
              <p className="mt-3 leading-relaxed text-muted-foreground">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section
        aria-labelledby="book-heading"
        className="bg-primary py-16 text-center text-primary-foreground"
      >
        <h2 id="book-heading" className="text-3xl font-semibold">
          Book Your Consultation
        </h2>
        <p className="mx-auto mt-3 max-w-2xl px-4 text-lg opacity-90">
          Sit with us over the fabric and get measured by the people who will cut your garment.
        </p>
        <Button asChild size="lg" variant="accent" className="mt-7">
          <Link to={BOOK_CONSULTATION_PATH}>Book Your Consultation</Link>
        </Button>
      </section>
    </>
  );
}
