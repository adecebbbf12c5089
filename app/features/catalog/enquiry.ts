/**
 * The product enquiry (SPEC.md section 3 "Enquiry", section 4 "Enquiry dialog", section 5):
 * validation and the prefilled chat text.
 */
import * as z from 'zod/mini';
import { formatRupees } from '~/lib/money';

/** The pause in ms the dialog shows 'Sending…' before the chat opens (SPEC.md section 9). */
export const ENQUIRY_SEND_DELAY_MS = 800;

/** Name and phone, both required after trimming (SPEC.md section 5 "Enquiry"). */
export const enquirySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter your name'), z.maxLength(100)),
  phone: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please enter your phone number'), z.maxLength(30)),
});

export interface EnquiryProduct {
  name: string;
  description: string;
  pricePaise: number;
}

/**
 * The chat text of an enquiry: product name, description, size, colour, price, then the
 * shopper's name and phone. Size and colour lines are left out when not chosen.
 */
export function enquiryMessage(
  product: EnquiryProduct,
  choice: { size?: string; color?: string },
  shopper: { name: string; phone: string },
): string {
  const lines = [
    'Hello! I would like to enquire about this product:',
    '',
    `Product: ${product.name}`,
    `Description: ${product.description}`,
    choice.size ? `Size: ${choice.size}` : undefined,
    choice.color ? `Colour: ${choice.color}` : undefined,
    `Price: ${formatRupees(product.pricePaise)}`,
    '',
    `Name: ${shopper.name.trim()}`,
    `Phone: ${shopper.phone.trim()}`,
  ];
  return lines.filter((line) => line !== undefined).join('\n');
}
