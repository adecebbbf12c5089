/** 'Add to Cart' for a product with a chosen size and colour ('' when it has none). */
import { ShoppingBagIcon } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '~/components/ui/button';
import { useCart } from './cart-context';

/**
 * The accessible name of an 'Add to Cart' button on a card that stands among others: the
 * visible words first (WCAG 2.5.3, label in name, so speech users can say what they see), then
 * the product it adds.
 */
export function addToCartLabel(productName: string): string {
  return `Add to Cart: ${productName}`;
}

export function AddToCartButton({
  productId,
  productSize,
  productColor,
  lengthCm = 0,
  quantity = 1,
  label = 'Add to Cart',
  disabled = false,
  ...props
}: {
  productId: number;
  /** The chosen size and colour ('' when the product has none). */
  productSize: string;
  productColor: string;
  /** The chosen length in centimetres of a product sold by the metre (0 for a piece). */
  lengthCm?: number;
  quantity?: number;
  label?: string;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      disabled={busy || disabled}
      onClick={async () => {
        setBusy(true);
        try {
          await cart.add({
            productId,
            size: productSize,
            color: productColor,
            lengthCm,
            quantity,
          });
        } finally {
          setBusy(false);
        }
      }}
      {...props}
    >
      <ShoppingBagIcon aria-hidden />
      {label}
    </Button>
  );
}
