/**
 * One shopper's valid delivery details for checkout tests (the fields of the checkout form;
 * SPEC.md section 4 "Checkout"). Plain data, so Vitest, Playwright and scripts can share it.
 */
export const SAMPLE_CHECKOUT_DETAILS = {
  name: 'Raj Patel',
  email: 'raj@example.com',
  phone: '+919825012345',
  address: '12 Market Road',
  city: 'Rajkot',
  state: 'Gujarat',
  pincode: '360001',
  // Issue 32 item 2: collected from the shop in Rajkot, so an order's amount is its goods
  // (shipping has its own tests: app/features/shipping).
  delivery: 'pickup',
} as const;
