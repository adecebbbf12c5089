import {
  CalendarCheckIcon,
  ClockIcon,
  MailIcon,
  MapPinIcon,
  MessageCircleIcon,
  PhoneIcon,
} from 'lucide-react';
import { data, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { contactHero, facilities } from '~/content/contact';
import { contactChatText, contactSchema, type ContactField } from '~/features/contact/contact';
import {
  contactLimitNotice,
  saveContactMessage,
  takeContactHit,
} from '~/features/contact/contact.server';
import { ContactForm, type ContactActionData } from '~/features/contact/contact-form';
import { MapEmbed } from '~/features/contact/map-embed';
import { BOOK_CONSULTATION_PATH } from '~/features/catalog/booking-links';
import { ContentIcon } from '~/features/site/content-icon';
import { PageHero } from '~/features/site/page-hero';
import { cardClass, IconCardList, PageSection } from '~/features/site/page-section';
import { rootMetaData } from '~/features/site/root-data';
import { formatAddress, telLink, whatsappLink } from '~/features/site/settings';
import { useSiteSettings } from '~/features/site/use-site-settings';
import { storeJsonLd } from '~/features/site/store-json-ld';
import { fieldErrors, formValues } from '~/lib/forms';
import { clientAddress } from '~/lib/rate-limit.server';
import { breadcrumbJsonLd, pageMeta } from '~/lib/seo';
import type { Route } from './+types/contact';
import { readFormData } from '~/lib/request-body.server';

const formFields: ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

/**
 * Stores a valid message as a lead and answers the WhatsApp link; field errors answer 400, a
 * sender over `CONTACT_LIMITS` 429 with a notice and Retry-After (nothing stored).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readFormData(request), formFields);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data<ContactActionData>(
      { ok: false, errors: fieldErrors<ContactField>(parsed.error), values },
      { status: 400 },
    );
  }
  const allowed = await takeContactHit(context.db, clientAddress(request), parsed.data.email);
  if (!allowed.ok) {
    return data<ContactActionData>(
      { ok: false, errors: {}, values, notice: contactLimitNotice(allowed.retryAfterS) },
      { status: 429, headers: { 'Retry-After': String(allowed.retryAfterS) } },
    );
  }
  await saveContactMessage(context.db, parsed.data);
  const settings = await context.catalogue.settings();
  return data<ContactActionData>({
    ok: true,
    chatUrl: whatsappLink(settings.whatsappNumber, contactChatText(parsed.data)),
  });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { settings, origin } = rootMetaData(matches);
  return pageMeta({
    title: 'Contact Us – Visit, Call or WhatsApp',
    description: `Visit our showroom at ${formatAddress(settings.address)}, call ${settings.phone} or message us on WhatsApp. Open Monday to Saturday and Sunday.`,
    origin,
    path: '/contact',
    shopName: settings.shopName,
    jsonLd: [
      storeJsonLd(settings, origin),
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: 'Contact', path: '/contact' },
      ]),
    ],
  });
};

/** /contact (SPEC.md section 2 "Contact"). */
export default function Contact() {
  const settings = useSiteSettings();
  const address = formatAddress(settings.address);
  return (
    <>
      <PageHero eyebrow="Contact" heading={contactHero.heading} text={contactHero.text}>
        <Button asChild size="lg" variant="accent">
          <Link to={BOOK_CONSULTATION_PATH}>
            <CalendarCheckIcon aria-hidden /> Book Consultation
          </Link>
        </Button>
        <Button asChild size="lg">
          <a href={telLink(settings.phone)}>
            <PhoneIcon aria-hidden /> Call Us
          </a>
        </Button>
        <Button asChild size="lg" className="bg-[#1f7a4d] hover:bg-[#17623d]">
          <a href={whatsappLink(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer">
            <MessageCircleIcon aria-hidden /> WhatsApp
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={`mailto:${settings.email}`}>
            <MailIcon aria-hidden /> E-mail
          </a>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <a href="#visit">
            <MapPinIcon aria-hidden /> Visit the Store
          </a>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <a href="#hours">
            <ClockIcon aria-hidden /> Opening Hours
          </a>
        </Button>
      </PageHero>

      <section aria-label="How to reach us" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <li className={cardClass}>
            <MapPinIcon aria-hidden className="size-7 text-accent" />
            <h2 className="mt-3 text-lg font-semibold">Address</h2>
            <address className="mt-1 text-sm not-italic text-muted-foreground">{address}</address>
          </li>
          <li className={cardClass}>
            <PhoneIcon aria-hidden className="size-7 text-accent" />
            <h2 className="mt-3 text-lg font-semibold">Phone</h2>
            <a
              href={telLink(settings.phone)}
              className="mt-1 block text-sm text-primary hover:underline"
            >
              {settings.phone}
            </a>
          </li>
          <li className={cardClass}>
            <MailIcon aria-hidden className="size-7 text-accent" />
            <h2 className="mt-3 text-lg font-semibold">E-mail</h2>
            <a
              href={`mailto:${settings.email}`}
              className="mt-1 block break-all text-sm text-primary hover:underline"
            >
              {settings.email}
            </a>
          </li>
          <li id="hours" className={cardClass}>
            <ClockIcon aria-hidden className="size-7 text-accent" />
            <h2 className="mt-3 text-lg font-semibold">Hours</h2>
            <ul className="mt-1 space-y-1 text-sm text-muted-foreground">
              {settings.hours.map((row) => (
                <li key={row.days}>
                  {row.days}: {row.opens} to {row.closes}
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </section>

      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-6 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 className="text-3xl font-semibold">Send us a message</h2>
          <p className="mt-2 text-muted-foreground">
            We keep every message and reply on WhatsApp or by e-mail, usually the same day.
          </p>
          <div className="mt-6">
            <ContactForm />
          </div>
        </div>
        <div id="visit">
          <h2 className="text-3xl font-semibold">Visit the store</h2>
          <p className="mt-2 text-muted-foreground">{address}</p>
          <div className="mt-6">
            <MapEmbed
              latitude={settings.geo.latitude}
              longitude={settings.geo.longitude}
              address={address}
            />
          </div>
        </div>
      </section>

      <PageSection heading="At the store">
        <IconCardList
          cards={facilities.map((facility) => ({
            ...facility,
            icon: <ContentIcon name={facility.icon} className="size-7 text-accent" />,
          }))}
        />
      </PageSection>
    </>
  );
}
