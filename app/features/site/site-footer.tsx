/**
 * The footer (SPEC.md section 1): the shop's phone, WhatsApp, e-mail, address, hours and
 * social links, all from `site_settings`, and the catalogue's categories.
 */
import { MailIcon, MapPinIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { NavCategory } from '~/features/catalog/types';
import { formatAddress, telLink, whatsappLink, type SiteSettings } from './settings';

export function SiteFooter({
  settings,
  categories,
}: {
  settings: SiteSettings;
  categories: NavCategory[];
}) {
  const social = [
    { label: 'Instagram', href: settings.social.instagram },
    { label: 'Facebook', href: settings.social.facebook },
    { label: 'YouTube', href: settings.social.youtube },
  ].filter((item): item is { label: string; href: string } => Boolean(item.href));
  return (
    <footer className="mt-16 bg-ink text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-serif text-xl font-semibold text-white">
            {settings.shopName}
          </h2>
          <p className="mt-3 text-sm leading-relaxed text-stone-300">
            {settings.tagline}. Fine suiting and shirting fabrics, wedding wear and made-to-measure
            tailoring in {settings.address.city} since 1987.
          </p>
          {social.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Social links">
              {social.map((item) => (
                <li key={item.label}>
                  <a
                    href={item.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="underline-offset-4 hover:text-white hover:underline"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <nav aria-labelledby="footer-wardrobe">
          <h2 id="footer-wardrobe" className="font-serif text-lg font-semibold text-white">
            Wardrobe
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/wardrobe?category=${encodeURIComponent(category.slug)}`}
                  className="hover:text-white hover:underline"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="font-serif text-lg font-semibold text-white">
            The shop
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {[
              ['/about', 'About Us'],
              ['/services', 'Services'],
              ['/bespoke', 'Design Your Garment'],
              ['/gallery', 'Gallery'],
              ['/contact', 'Contact'],
              ['/privacy-policy', 'Privacy Policy'],
              ['/terms-conditions', 'Terms & Conditions'],
            ].map(([to, label]) => (
              <li key={to}>
                <Link to={to!} className="hover:text-white hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-serif text-lg font-semibold text-white">
            Visit or call
          </h2>
          <address className="mt-3 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPinIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
              {formatAddress(settings.address)}
            </p>
            <p>
              <a href={telLink(settings.phone)} className="flex gap-2 hover:text-white">
                <PhoneIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                {settings.phone}
              </a>
            </p>
            <p>
              <a
                href={whatsappLink(settings.whatsappNumber)}
                rel="noopener noreferrer"
                target="_blank"
                className="flex gap-2 hover:text-white"
              >
                <MessageCircleIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                WhatsApp us
              </a>
            </p>
            <p>
              <a href={`mailto:${settings.email}`} className="flex gap-2 hover:text-white">
                <MailIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                {settings.email}
              </a>
            </p>
          </address>
          <ul className="mt-3 space-y-1 text-sm text-stone-300" aria-label="Opening hours">
            {settings.hours.map((row) => (
              <li key={row.days}>
                {row.days}: {row.opens} – {row.closes}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-xs text-stone-400">
        © 1987–{new Date().getFullYear()} {settings.shopName}, {settings.address.city}. All rights
        reserved.
      </div>
    </footer>
  );
}
