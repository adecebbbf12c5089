/**
 * The pincode check (issue 32 item 2): what a delivery of one product (the product page) or of
 * the signed-in shopper's cart (checkout) to a pincode costs and when it arrives. Answers the
 * public `/api/delivery-quote` route; the charge is the shop's tariff, the days the courier's.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { CourierProvider } from '~/lib/couriers/couriers.server';
import { products } from '~/lib/schema.server';
import { formatShopDate } from '~/lib/shop-time';
import { formatRupees } from '~/lib/money';
import { getCart, priceLines } from '~/features/cart/cart.server';
import type { CartLine } from '~/features/cart/lines';
import { getSiteSettings } from '~/features/site/settings.server';
import {
  getShippingSettings,
  parcelWeightGrams,
  quoteDelivery,
  type WeighedLine,
} from './shipping.server';

/** The JSON the pincode check answers. */
export type DeliveryAnswer =
  | {
      deliverable: true;
      pincode: string;
      chargePaise: number;
      free: boolean;
      /** Kolkata date, YYYY-MM-DD. */
      deliverBy: string;
      /** "Delivery by Tue, 1 Dec 2026, ₹90" or "… Free delivery". */
      message: string;
      /** Issue 32 item 3: whether the courier collects cash on delivery there. */
      codAvailable: boolean;
    }
  | { deliverable: false; pincode: string; message: string };

/** The not-deliverable answer's words. */
const NOT_DELIVERABLE = 'Not deliverable to this pincode';

async function answer(
  db: Db,
  courier: CourierProvider,
  pincode: string,
  parcel: { lines: WeighedLine[]; goodsPaise: number },
): Promise<DeliveryAnswer> {
  const [site, settings] = await Promise.all([getSiteSettings(db), getShippingSettings(db)]);
  const quote = await quoteDelivery(db, courier, {
    pickupPincode: site.address.postalCode,
    pincode,
    weightGrams: await parcelWeightGrams(db, parcel.lines, settings),
    goodsPaise: parcel.goodsPaise,
  });
  if (!quote.deliverable) return { deliverable: false, pincode, message: NOT_DELIVERABLE };
  const charge = quote.free ? 'Free delivery' : formatRupees(quote.chargePaise);
  return {
    deliverable: true,
    pincode,
    chargePaise: quote.chargePaise,
    free: quote.free,
    deliverBy: quote.deliverBy,
    message: `Delivery by ${formatShopDate(quote.deliverBy)}, ${charge}`,
    codAvailable: quote.codAvailable,
  };
}

/**
 * One product to `pincode`: one piece, or the shortest cut of cloth sold by the metre, valued at
 * its price. @returns null for a product that is not for sale.
 * @throws CourierProviderError when the courier does not answer.
 */
export async function quoteProduct(
  db: Db,
  courier: CourierProvider,
  input: { productId: number; pincode: string },
): Promise<DeliveryAnswer | null> {
  const [product] = await db
    .select({
      id: products.id,
      pricePaise: products.pricePaise,
      saleUnit: products.saleUnit,
      lengthMinCm: products.lengthMinCm,
    })
    .from(products)
    .where(eq(products.id, input.productId))
    .limit(1);
  if (!product) return null;
  const lengthCm = product.saleUnit === 'metre' ? (product.lengthMinCm ?? 100) : null;
  return answer(db, courier, input.pincode, {
    lines: [{ productId: product.id, quantity: 1, lengthCm }],
    goodsPaise: lengthCm ? Math.round((product.pricePaise * lengthCm) / 100) : product.pricePaise,
  });
}

/**
 * The shopper's cart to `pincode` (goods at the cart's total): the signed-in shopper's stored
 * cart, or a guest's `lines` (issue 32 item 5).
 * @returns null for an empty cart. @throws CourierProviderError when the courier does not answer.
 */
export async function quoteCart(
  db: Db,
  courier: CourierProvider,
  input: { userId: string; pincode: string } | { lines: readonly CartLine[]; pincode: string },
): Promise<DeliveryAnswer | null> {
  // Issue 32 item 5: a guest's lines from the browser, priced here like a stored cart.
  const cart =
    'userId' in input ? await getCart(db, input.userId) : await priceLines(db, input.lines);
  if (cart.lines.length === 0) return null;
  return answer(db, courier, input.pincode, {
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      lengthCm: line.lengthCm || null,
    })),
    goodsPaise: cart.totalPaise,
  });
}
