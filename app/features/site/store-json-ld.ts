/**
 * The shop as schema.org ClothingStore (a LocalBusiness), SPEC.md section 1: address, geo
 * (region IN-GJ), opening hours, aggregate rating 4.8 from 150 reviews, telephone and the
 * four service offers with their starting prices; and a ReserveAction pointing at the booking
 * page (issue 20 item 2).
 */
import { serviceOffers } from '~/content/services';
import { paiseToDecimal } from '~/lib/money';
import type { SiteSettings } from './settings';

/** SPEC.md section 1: the rating structured data claims. */
const STORE_RATING = { value: '4.8', count: 150 } as const;

/** Opening hours in structured data (SPEC.md section 9, the structured-data reading). */
const openingHours = [
  {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    opens: '10:00',
    closes: '21:00',
  },
  { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Sunday', opens: '10:00', closes: '20:00' },
];

/** The ClothingStore JSON-LD of the shop. */
export function storeJsonLd(settings: SiteSettings, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ClothingStore',
    '@id': `${origin}/#store`,
    name: settings.shopName,
    description: `${settings.tagline}. Suiting and shirting fabrics, wedding wear and bespoke tailoring in ${settings.address.city}.`,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    image: `${origin}/logo.svg`,
    telephone: settings.phone,
    email: settings.email,
    foundingDate: '1987',
    priceRange: '₹500 – ₹60,000',
    currenciesAccepted: 'INR',
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.address.street,
      addressLocality: settings.address.city,
      addressRegion: 'IN-GJ',
      postalCode: settings.address.postalCode,
      addressCountry: settings.address.country,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: settings.geo.latitude,
      longitude: settings.geo.longitude,
    },
    openingHoursSpecification: openingHours,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: STORE_RATING.value,
      reviewCount: STORE_RATING.count,
      bestRating: '5',
    },
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Tailoring services',
      itemListElement: serviceOffers.map((offer) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: offer.name, description: offer.description },
        priceSpecification: {
          '@type': 'PriceSpecification',
          price: paiseToDecimal(offer.pricePaise),
          priceCurrency: 'INR',
          minPrice: paiseToDecimal(offer.pricePaise),
        },
      })),
    },
    sameAs: Object.values(settings.social).filter(Boolean),
    potentialAction: {
      '@type': 'ReserveAction',
      name: 'Book an appointment',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${origin}/book`,
        inLanguage: 'en-IN',
        actionPlatform: [
          'https://schema.org/DesktopWebPlatform',
          'https://schema.org/MobileWebPlatform',
        ],
      },
      result: { '@type': 'Reservation', name: 'Appointment at the shop' },
    },
  };
}
