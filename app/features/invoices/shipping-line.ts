/**
 * The tax invoice's shipping line (issue 32 item 2): an order's shipping charge
 * (`orders.shipping_paise`, GST included like every price of the shop) is a line of its own,
 * taxed by the rule the accountant sets in the shipping settings:
 * - 'principal' (the default): shipping billed with the goods is part of a composite supply
 *   (CGST Act 2017 s. 2(30)), taxed "as a supply of such principal supply" (s. 8(a)): the line
 *   takes the HSN code and rate of the principal supply, the goods line with the highest rate
 *   (the first such line);
 * - 'separate': taxed on its own as courier services, SAC 996812, at the settings' rate.
 *
 * Issue 32 item 3: a cash-on-delivery fee (`orders.cod_fee_paise`) is a line of its own taxed
 * the same way as shipping (`codFeeInvoiceLine`).
 */
import type { ShippingSettings } from '~/features/shipping/shipping-settings';
import { SHIPPING_SAC } from '~/features/shipping/shipping-settings';
import type { DocumentLine } from './document';
import { splitInclusive } from './tax';

/**
 * The shipping line for `shippingPaise` on an invoice whose goods lines are `goods`.
 * @returns null when there is no charge (free shipping, a pickup) or no goods line to follow.
 * @throws RangeError when the charge is not a whole number of paise.
 */
export function shippingInvoiceLine(
  shippingPaise: number,
  goods: readonly DocumentLine[],
  settings: Pick<ShippingSettings, 'taxRule' | 'separateRatePercent'>,
  intraState: boolean,
): DocumentLine | null {
  if (shippingPaise <= 0 || goods.length === 0) return null;
  const principal = goods.reduce((best, line) =>
    line.ratePercent > best.ratePercent ? line : best,
  );
  const separate = settings.taxRule === 'separate';
  const ratePercent = separate ? settings.separateRatePercent : principal.ratePercent;
  return {
    description: separate
      ? 'Shipping (courier services)'
      : 'Shipping, part of the supply of the goods (composite supply, CGST Act s. 8(a))',
    code: separate ? SHIPPING_SAC : principal.code,
    quantity: 1,
    unit: 'NOS',
    unitPricePaise: shippingPaise,
    ratePercent,
    ...splitInclusive(shippingPaise, ratePercent, intraState),
  };
}

/**
 * Issue 32 item 3: the cash-on-delivery fee line for `feePaise` (GST included), taxed as the
 * shipping line is (the principal supply's HSN code and rate, or SAC 996812 at the separate rate).
 * @returns null when there is no fee or no goods line. @throws RangeError as `shippingInvoiceLine`.
 */
export function codFeeInvoiceLine(
  feePaise: number,
  goods: readonly DocumentLine[],
  settings: Pick<ShippingSettings, 'taxRule' | 'separateRatePercent'>,
  intraState: boolean,
): DocumentLine | null {
  const line = shippingInvoiceLine(feePaise, goods, settings, intraState);
  if (!line) return null;
  return {
    ...line,
    description:
      settings.taxRule === 'separate'
        ? 'Cash on delivery fee (courier services)'
        : 'Cash on delivery fee, part of the supply of the goods (composite supply, CGST Act s. 8(a))',
  };
}
