/**
 * The cart in the browser (SPEC.md section 4 "Cart"; issue "Cart, wishlist, checkout" 1).
 * A guest's lines live in local storage (`cart`); a signed-in shopper's on the server, mirrored
 * locally as `cart_{userId}`. On sign-in the guest cart merges into the server's. A signed-in
 * shopper's change is kept on the device until the server has it (issue 36 item 1,
 * `lib/pending-changes.ts`): it survives moving on at once and being offline, and the server's
 * cart is read with the changes it has not had yet on top, never instead of them.
 * Names and prices always come from the server (`/api/cart`), never from local storage.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '~/components/ui/toaster';
import { readStoredList, writeStoredList } from '~/lib/local-store';
import { changeQueue, forgetOtherShoppers } from '~/lib/pending-changes';
import { createRequiredContext } from '~/lib/required-context';
import type { PricedCart } from './cart.server';
import {
  addLine,
  itemCount,
  lineKey,
  mergeLines,
  removeLine,
  setLineQuantity,
  type CartLine,
} from './lines';

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

/** The signed-in shopper's cart from the server; null for a guest or when unreachable. */
async function readServerCart(): Promise<PricedCart | null> {
  try {
    const response = await fetch('/api/cart');
    if (!response.ok) return null;
    return ((await response.json()) as CartAnswer).cart;
  } catch {
    return null;
  }
}

/** A change to a stored cart, as /api/cart takes it. */
type CartChange =
  | { action: 'add' | 'set' | 'remove'; line: CartLine }
  | { action: 'clear' }
  | { action: 'merge'; lines: CartLine[] };

const isLine = (value: unknown): value is CartLine => {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    Number.isInteger(line.productId) &&
    Number.isInteger(line.quantity) &&
    typeof line.size === 'string' &&
    typeof line.color === 'string'
  );
};

function isCartChange(value: object): value is CartChange {
  const change = value as Record<string, unknown>;
  switch (change.action) {
    case 'add':
    case 'set':
    case 'remove':
      return isLine(change.line);
    case 'clear':
      return true;
    case 'merge':
      return Array.isArray(change.lines) && change.lines.every(isLine);
    default:
      return false;
  }
}

/** `lines` after `change`, by the rules the server applies (`lines.ts`). */
function applyChange(lines: readonly CartLine[], change: CartChange): CartLine[] {
  switch (change.action) {
    case 'add':
      return addLine(lines, change.line);
    case 'set':
      return setLineQuantity(lines, change.line, change.line.quantity);
    case 'remove':
      return removeLine(lines, change.line);
    case 'clear':
      return [];
    case 'merge':
      return mergeLines(lines, change.lines);
  }
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
  const queue = useMemo(
    () =>
      userId
        ? changeQueue<CartChange, CartAnswer>({
            name: 'cart',
            userId,
            url: '/api/cart',
            isChange: isCartChange,
          })
        : null,
    [userId],
  );
  useEffect(() => queue?.track(), [queue]);

  const settle = useCallback(
    (next: CartLine[]) => {
      linesRef.current = next;
      setLines(next);
      writeLines(key, next);
    },
    [key],
  );

  /**
   * Takes the server's cart as the truth (signed in), with the changes it has not had yet on
   * top, or its pricing (guest).
   */
  const accept = useCallback(
    (cart: PricedCart) => {
      setPriced(cart);
      if (!queue) return;
      const stored = cart.lines.map(({ productId, size, color, lengthCm, quantity }) => ({
        productId,
        size,
        color,
        lengthCm,
        quantity,
      }));
      settle(queue.pending().reduce(applyChange, stored));
    },
    [queue, settle],
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

  // Load: the local copy at once; then the changes kept from earlier pages, then the server's.
  useEffect(() => {
    let current = true;
    setPriced(null);
    forgetOtherShoppers('cart', userId);
    void (async () => {
      const local = await readLines(key);
      if (!current) return;
      linesRef.current = local;
      setLines(local);
      if (!queue) {
        void price(local);
        return;
      }
      const guest = await readLines(cartStorageKey(null));
      if (!current) return;
      if (guest.length > 0) {
        // Kept in the queue from here on, so the guest copy can go.
        const merge: CartChange = { action: 'merge', lines: guest };
        settle(applyChange(local, merge));
        void queue.send(merge);
        writeLines(cartStorageKey(null), []);
      }
      const flushed = await queue.flush();
      if (!current) return;
      // A read overtaken by a change's answer is null too: the local lines hold that answer.
      const cart = flushed.stalled
        ? null
        : (flushed.answer?.cart ?? (await queue.readFresh(readServerCart)));
      if (!current) return;
      if (cart) accept(cart);
      else void price(linesRef.current); // Offline: the local copy, changes included, stands.
    })();
    return () => {
      current = false;
    };
  }, [key, userId, queue, accept, price, settle]);

  /** Applies a change locally, then on the server (signed in) or re-prices (guest). */
  const change = useCallback(
    async (body: CartChange, message: string) => {
      const next = applyChange(linesRef.current, body);
      settle(next);
      if (!queue) {
        toast.success(message);
        await price(next);
        return;
      }
      const outcome = await queue.send(body);
      if (outcome.kind === 'applied' && outcome.answer.cart) {
        accept(outcome.answer.cart);
        toast.success(message);
      } else if (outcome.kind === 'refused') {
        toast.error('Cart not updated', { description: outcome.answer?.error });
        const cart = await queue.readFresh(readServerCart);
        if (cart) accept(cart);
      } else {
        toast.success(message, {
          description: 'Saved on this device; it will sync when you are back online.',
        });
      }
    },
    [accept, price, queue, settle],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      priced,
      count: itemCount(lines),
      open,
      setOpen,
      add: (line) => change({ action: 'add', line }, 'Added to cart'),
      setQuantity: (line, quantity) => {
        const next = setLineQuantity(linesRef.current, line, quantity);
        const updated = next.find((item) => lineKey(item) === lineKey(line));
        if (!updated || updated.quantity === line.quantity) return Promise.resolve();
        return change({ action: 'set', line: updated }, 'Cart updated');
      },
      remove: (line) => change({ action: 'remove', line }, 'Removed from cart'),
      clear: () => change({ action: 'clear' }, 'Cart cleared'),
      refresh: async () => {
        if (!queue) return settle([]);
        const cart = await readServerCart();
        if (cart) accept(cart);
        else settle([]);
      },
    }),
    [accept, change, lines, open, priced, queue, settle],
  );

  return <CartContextProvider value={value}>{children}</CartContextProvider>;
}
