/**
 * The order an exchange makes (issue 32 item 7, "An exchange makes a new order at no charge"):
 * a shop order of ₹0 for the same customer and delivery address, paid (nothing to pay), with
 * one line: the same product in the size asked for, at no charge. Its stock is moved by the
 * caller (features/returns), in the same transaction. The orders' own door for it, so the
 * `orders` and `order_lines` tables stay written from this folder.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '~/lib/audited-write.server';
import { orderEvents, orderLines, orders } from '~/lib/schema.server';
import { newOrderNumber } from './orders.server';

/** The line the exchange sends: the product, the size (its variant and SKU), how many pieces. */
export interface ExchangeLine {
  productId: number | null;
  name: string;
  imageKey: string | null;
  color: string;
  uqc: (typeof orderLines.$inferInsert)['uqc'];
  variantId: number;
  size: string;
  sku: string;
  quantity: number;
}

/**
 * Inserts, in `tx`, the ₹0 exchange order of order `fromOrderId` (its customer, account and
 * address copied) with `line` at no charge, paid at `now`, with its 'created' and 'paid' events
 * and a note naming the order it replaces. Resolves to the new order's id and number.
 * @throws Error when order `fromOrderId` does not exist (the caller read it under its lock).
 */
export async function createExchangeOrder(
  tx: Tx,
  fromOrderId: number,
  line: ExchangeLine,
  now: Date,
): Promise<{ id: number; number: string }> {
  const [from] = await tx.select().from(orders).where(eq(orders.id, fromOrderId));
  if (!from) throw new Error(`no order ${fromOrderId} to exchange`);
  const [created] = await tx
    .insert(orders)
    .values({
      number: newOrderNumber(now),
      userId: from.userId,
      customerId: from.customerId,
      status: 'paid',
      paidAt: now,
      amountPaise: 0,
      kind: 'shop',
      customerName: from.customerName,
      email: from.email,
      phone: from.phone,
      address: from.address,
      addressLine2: from.addressLine2,
      landmark: from.landmark,
      district: from.district,
      city: from.city,
      state: from.state,
      pincode: from.pincode,
      provider: from.provider,
      deliveryMethod: from.deliveryMethod,
      notes: `Size exchange of order ${from.number}, at no charge.`,
    })
    .returning({ id: orders.id, number: orders.number });
  await tx.insert(orderLines).values({
    orderId: created!.id,
    productId: line.productId,
    name: line.name,
    imageKey: line.imageKey,
    size: line.size,
    color: line.color,
    unitPricePaise: 0,
    quantity: line.quantity,
    uqc: line.uqc,
    variantId: line.variantId,
    sku: line.sku,
  });
  await tx.insert(orderEvents).values([
    { orderId: created!.id, kind: 'created', note: `Exchange of order ${from.number}` },
    { orderId: created!.id, kind: 'paid', note: 'No charge: a size exchange' },
  ]);
  return created!;
}
