/**
 * Where the site links into booking (issue 20 item 2, "Links into it"): "Book Consultation"
 * on services, home and contact, and "Book a measurement" on products that are fabrics or
 * bespoke garments.
 */

/** The consultation booking link of the services, home and contact pages. */
export const BOOK_CONSULTATION_PATH = '/book?type=consultation';

/**
 * Categories (by slug) whose products are cut to measure: fabrics for bespoke garments,
 * wedding and formal wear, theme attires, uniforms and patterns. Ready-to-wear is not.
 */
const MADE_TO_MEASURE = new Set([
  'fabrics',
  'wedding-suites',
  'formal-attires',
  'theme-attires',
  'uniforms',
  'patterns',
]);

/**
 * The "Book a measurement" link of a product ('/book?type=measurement&product=12'), or null
 * when its category is not made to measure.
 */
export function measurementBookingPath(product: {
  id: number;
  categorySlug: string;
}): string | null {
  return MADE_TO_MEASURE.has(product.categorySlug)
    ? `/book?type=measurement&product=${product.id}`
    : null;
}
