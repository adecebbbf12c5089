/**
 * The lines and tax of a receipt voucher (issue 29 item 3: "An advance … gets a receipt voucher
 * (Rule 50)"), pure and in integer paise.
 *
 * Rule 50 of the CGST Rules, 2017 ("Receipt voucher", under section 31(3)(d) of the CGST Act;
 * text at https://www.taxheal.com/rule-50-cgst-rules-2017.html and
 * https://lawcrux.com/data5t/gt/gtstrl/cgst_rule_50.htm) asks for: (a) the supplier's name,
 * address and GSTIN; (b) a consecutive serial number of at most 16 characters, unique for a
 * financial year; (c) the date of issue; (d) the recipient's name, address and GSTIN/UIN if
 * registered; (e) a description of the goods or services; (f) the amount of advance taken;
 * (g) the rate of tax; (h) the amount of tax charged; (i) the place of supply with its state's
 * name and code; (j) whether tax is payable on reverse charge; (k) the signature. Its proviso:
 * when the rate is not determinable at receipt, tax is paid at 18%; when the nature of supply is
 * not, it is treated as inter-State. The shop always knows both (the order's lines, their codes
 * and rates from the invoicing settings, the customer's state), so neither case arises.
 *
 * The tax on the advance:
 * - goods (an HSN code: garments, fabric): nil. Since Notification No. 66/2017-Central Tax of
 *   15 November 2017, a registered person not in the composition levy pays tax on goods at the
 *   time of supply of section 12(2)(a) (the invoice), not on the advance
 *   (https://gstindia.biz/notification/1089/liability-to-pay-gst-on-advances-for-supply-of-goods-by-non-composition-taxpayers).
 *   The tax is charged on the tax invoice, at the rate in force then;
 * - services (a SAC code, starting with '99': tailoring on the customer's cloth): the advance is
 *   the time of supply (section 13(2)(b)), so its tax is charged now, at the service's rate,
 *   worked back from the tax-inclusive amount like an invoice line (`splitInclusive`).
 * An advance for several lines is spread over them in proportion to their value (largest
 * remainder, to the paisa: `apportionRefund`), so each part takes its own line's treatment.
 */
import type { DocumentLine } from './document';
import { apportionRefund, splitInclusive } from './tax';

/** One thing the advance is paid towards: an order line or garment as it will be invoiced. */
export interface AdvanceSupply {
  description: string;
  /** HSN (goods) or SAC (services, '99…') code. */
  code: string;
  /** The GST rate the supply carries, in percent. */
  ratePercent: number;
  /** The supply's value, GST included. */
  grossPaise: number;
}

/** Whether a code is a services code (SAC: chapter 99). */
export function isServiceCode(code: string): boolean {
  return code.startsWith('99');
}

/** What every receipt voucher says of its tax. */
export const ADVANCE_TAX_NOTE =
  'Tax on an advance: goods (HSN) carry none now, their GST is charged on the tax invoice (Notification No. 66/2017-Central Tax, section 12(2)(a) of the CGST Act); services (SAC) are taxed on the advance at their rate (section 13(2)(b)), worked back from the amount received.';

/**
 * The receipt voucher's lines for an advance of `advancePaise` towards `supplies`, inside the
 * supplier's state (`intraState`: CGST + SGST) or not (IGST). Each supply's share is its value's
 * proportion of the advance (largest remainder); an advance above the supplies' value (they do
 * not cover the order's amount) puts the excess on the last supply. Goods lines carry a 0%
 * rate and no tax; services lines are split at their rate.
 * @throws RangeError when the advance is not whole positive paise, there is no supply, or a
 *   services rate is not a GST rate.
 */
export function advanceLines(
  advancePaise: number,
  supplies: readonly AdvanceSupply[],
  intraState: boolean,
): DocumentLine[] {
  if (!Number.isSafeInteger(advancePaise) || advancePaise <= 0) {
    throw new RangeError(`an advance is whole positive paise; got ${advancePaise}`);
  }
  if (supplies.length === 0) throw new RangeError('an advance is paid towards something');
  const values = supplies.map((supply) => Math.max(0, supply.grossPaise));
  const total = values.reduce((sum, value) => sum + value, 0);
  const spread =
    total === 0 ? values.map(() => 0) : apportionRefund(Math.min(advancePaise, total), values);
  spread[spread.length - 1]! += advancePaise - Math.min(advancePaise, total);
  return supplies.flatMap((supply, index) => {
    const share = spread[index]!;
    if (share === 0) return [];
    const service = isServiceCode(supply.code);
    const split = service
      ? splitInclusive(share, supply.ratePercent, intraState)
      : { grossPaise: share, taxablePaise: share, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    return [
      {
        description: service
          ? `Advance towards ${supply.description}`
          : `Advance towards ${supply.description} (goods: GST at ${supply.ratePercent}% on the tax invoice)`,
        code: supply.code,
        quantity: 1,
        unit: 'OTH',
        unitPricePaise: share,
        ratePercent: service ? supply.ratePercent : 0,
        ...split,
      },
    ];
  });
}

/** What a refund voucher of a taxed advance says of its tax. */
export const ADVANCE_REFUND_TAX_NOTE =
  'Tax reversed: the advance refunded was taxed on its receipt voucher as a service (section 13(2)(b) of the CGST Act), so the tax on the part refunded is reversed at the same rate, worked back from the amount refunded; the goods part carried no tax.';

/**
 * The refund voucher's lines (Rule 51) when `refundPaise` of an advance is returned before any
 * tax invoice, from the lines of that advance's receipt voucher (`advance`): the refund is
 * spread over them in proportion to their value (largest remainder, `apportionRefund`), and each
 * part takes its line's treatment: a services line (a SAC, taxed on the advance) has its tax
 * worked back at its rate (`splitInclusive`), so the tax reversed is the tax charged on the part
 * refunded; a goods line carries none. Issue 29 item 3 and docs/decisions/025-customers-cloth.md.
 * @throws RangeError when the refund is not whole positive paise, is more than the advance, or
 *   the voucher has no line.
 */
export function advanceRefundLines(
  refundPaise: number,
  advance: readonly DocumentLine[],
  intraState: boolean,
): DocumentLine[] {
  if (!Number.isSafeInteger(refundPaise) || refundPaise <= 0) {
    throw new RangeError(`a refund is whole positive paise; got ${refundPaise}`);
  }
  if (advance.length === 0) throw new RangeError('a receipt voucher has lines');
  const values = advance.map((line) => line.grossPaise);
  if (refundPaise > values.reduce((sum, value) => sum + value, 0)) {
    throw new RangeError('a refund of an advance is at most the advance');
  }
  const spread = apportionRefund(refundPaise, values);
  return advance.flatMap((line, index) => {
    const share = spread[index]!;
    if (share === 0) return [];
    const taxed = isServiceCode(line.code) && line.ratePercent > 0;
    const split = taxed
      ? splitInclusive(share, line.ratePercent, intraState)
      : { grossPaise: share, taxablePaise: share, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    return [
      {
        description: `Refund of the ${line.description.replace(/^Advance/, 'advance').replace(/ \(goods: [^)]*\)$/, '')}`,
        code: line.code,
        quantity: 1,
        unit: 'OTH',
        unitPricePaise: share,
        ratePercent: taxed ? line.ratePercent : 0,
        ...split,
      },
    ];
  });
}
