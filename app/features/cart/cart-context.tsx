/**
 * The cart in the browser (SPEC.md section 4 "Cart"; issue "Cart, wishlist, checkout" 1).
 * A guest's lines live in local storage (`cart`); a signed-in shopper's on the server, mirrored
 * locally as `cart_{userId}`. On sign-in the guest cart merges into the server's. When the
 * server cannot be reached, changes apply to the local copy, which is sent again later.
 * Names and prices always come from the server (`/api/cart`), never from local storage.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '~/components/ui/toaster';
import { readStoredList, writeStoredList } from '~/lib/local-store';
import { createRequiredContext } from '~/lib/required-context';
import type { PricedCart } from './cart.server';
import { addLine, itemCount, removeLine, setLineQuantity, type CartLine } from './lines';

/** Local-storage key of a cart (SPEC.md section 9). */
function cartStorageKey(userId: string | null): string {
  return userId ? `cart_${userId}` : 'cart';
}

interface CartContextValue {
  lines: CartLine[];
  /** The server's pricing of the lines; null until it answers. */
  priced: PricedCart | null;
  count: number;
  open: boolean;
  setOpen(open: boolean): void;
  add(line: CartLine): Promise<void>;
  setQuantity(line: CartLine, quantity: number): Promise<void>;
  remove(line: CartLine): Promise<void>;
  clear(): Promise<void>;
  /** Reads the stored cart again without a notice (after an order was paid). */
  refresh(): Promise<void>;
}

const [CartContextProvider, useCartContext] = createRequiredContext<CartContextValue>('useCart');

/** The cart of the page; throws outside CartProvider. */
export const useCart = useCartContext;

const anything = (value: unknown): value is unknown => value !== undefined;

/**
 * The valid lines kept under `key`. Lines that are not (an old or tampered copy: a quantity of
 * 99, a missing product) are dropped, the cleaned list is stored back, and the shopper is told
 * (issue 17 item 10). The checks (zod) are fetched only when something is stored.
 */
async function readLines(key: string): Promise<CartLine[]> {
  const stored = readStoredList(key, anything);
  if (stored.length === 0) return [];
  const { keepValidLines } = await import('./line-schema');
  const { lines, dropped } = keepValidLines(stored);
  if (dropped > 0) {
    writeStoredList(key, lines);
    tellDropped(dropped);
  }
  return lines;
}
const writeLines = writeStoredList;

/** Tells the shopper that some lines of their saved cart could not be kept. */
function tellDropped(dropped: number): void {
  toast.warning('Some items were removed from your cart', {
    description: `${dropped} saved ${dropped === 1 ? 'item was' : 'items were'} no longer valid and ${dropped === 1 ? 'has' : 'have'} been removed. The rest of your cart is as you left it.`,
  });
}

/** Marks a signed-in shopper's local copy as ahead of the server. */
const dirtyKey = (userId: string) => `cart_${userId}_unsynced`;

type CartAnswer = { cart: PricedCart | null; error?: string; dropped?: number };

const EMPTY_CART: PricedCart = { lines: [], subtotalPaise: 0, totalPaise: 0, payable: false };

async function callCart(body: object): Promise<{ status: number; answer: CartAnswer }> {
  const response = await fetch('/api/cart', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as CartAnswer };
}

export function CartProvider({
  userId,
  children,
}: {
  userId: string | null;
  children: React.ReactNode;
}) {
  const [lines, setLines] = useState<CartLine[]>([]);
  const [priced, setPriced] = useState<PricedCart | null>(null);
  const [open, setOpen] = useState(false);
  const linesRef = useRef(lines);
  const key = cartStorageKey(userId);

  const settle = useCallback(
    (next: CartLine[]) => {
      linesRef.current = next;
      setLines(next);
      writeLines(key, next);
    },
    [key],
  );

  /** Takes the server's answer as the truth (signed in) or its pricing (guest). */
  const accept = useCallback(
    (cart: PricedCart) => {
      setPriced(cart);
      if (userId) {
        settle(
          cart.lines.map(({ productId, size, color, quantity }) => ({
            productId,
            size,
            color,
            quantity,
          })),
        );
        window.localStorage.removeItem(dirtyKey(userId));
      }
    },
    [settle, userId],
  );

  const price = useCallback(async (next: CartLine[]) => {
    if (next.length === 0) return setPriced(EMPTY_CART);
    try {
      const { answer } = await callCart({ action: 'price', lines: next });
      if (answer.cart) {
        setPriced(answer.cart);
        if (answer.dropped) tellDropped(answer.dropped);
      } else {
        // Refused: the drawer says so instead of waiting for prices that will not come.
        setPriced(EMPTY_CART);
        toast.error('Your cart could not be priced', { description: answer.error });
      }
    } catch {
      // Offline: the drawer keeps the last prices it had.
    }
  }, []);

  // Load: the local copy at once, then the server's.
  useEffect(() => {
    let current = true;
    setPriced(null);
    void (async () => {
      const local = await readLines(key);
      if (!current) return;
      linesRef.current = local;
      setLines(local);
      if (!userId) {
        void price(local);
        return;
      }
      const guest = await readLines(cartStorageKey(null));
      if (!current) return;
      const unsynced = window.localStorage.getItem(dirtyKey(userId)) === '1';
      const request: Promise<{ status: number; answer: CartAnswer }> =
        guest.length > 0
          ? callCart({ action: 'merge', lines: guest })
          : unsynced
            ? callCart({ action: 'replace', lines: local })
            : fetch('/api/cart').then(async (response) => ({
                status: response.status,
                answer: (await response.json()) as CartAnswer,
              }));
      request
        .then(({ answer }) => {
          if (!current || !answer.cart) return;
          if (guest.length > 0) writeLines(cartStorageKey(null), []);
          accept(answer.cart);
        })
        .catch(() => {
          if (current) void price(local);
        });
    })();
    return () => {
      current = false;
    };
  }, [key, userId, accept, price]);

  /** Applies a change locally, then on the server (signed in) or re-prices (guest). */
  const change = useCallback(
    async (next: CartLine[], body: object, message: string) => {
      const previous = linesRef.current;
      settle(next);
      if (!userId) {
        toast.success(message);
        await price(next);
        return;
      }
      try {
        const { status, answer } = await callCart(body);
        if (status >= 400 || !answer.cart) {
          settle(previous);
          toast.error('Cart not updated', { description: answer.error });
          return;
        }
        accept(answer.cart);
        toast.success(message);
      } catch {
        window.localStorage.setItem(dirtyKey(userId), '1');
        toast.success(message, {
          description: 'Saved on this device; it will sync when you are back online.',
        });
      }
    },
    [accept, price, settle, userId],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      priced,
      count: itemCount(lines),
      open,
      setOpen,
      add: (line) =>
        change(addLine(linesRef.current, line), { action: 'add', line }, 'Added to cart'),
      setQuantity: (line, quantity) => {
        const next = setLineQuantity(linesRef.current, line, quantity);
        const updated = next.find(
          (item) =>
            item.productId === line.productId &&
            item.size === line.size &&
            item.color === line.color,
        );
        if (!updated || updated.quantity === line.quantity) return Promise.resolve();
        return change(next, { action: 'set', line: updated }, 'Cart updated');
      },
      remove: (line) =>
        change(removeLine(linesRef.current, line), { action: 'remove', line }, 'Removed from cart'),
      clear: () => change([], { action: 'clear' }, 'Cart cleared'),
      refresh: async () => {
        if (!userId) return settle([]);
        try {
          const response = await fetch('/api/cart');
          const answer = (await response.json()) as CartAnswer;
          if (answer.cart) accept(answer.cart);
        } catch {
          settle([]);
        }
      },
    }),
    [accept, change, lines, open, priced, settle, userId],
  );

  return <CartContextProvider value={value}>{children}</CartContextProvider>;
}
