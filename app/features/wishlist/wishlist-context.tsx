/**
 * The wishlist in the browser (SPEC.md section 4 "Wishlist"): product ids, kept in local
 * storage for guests (`wishlist`) and on the server for signed-in shoppers (mirrored as
 * `wishlist_{userId}`), merged on sign-in; adding a saved product does nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '~/components/ui/toaster';
import { readStoredList, writeStoredList } from '~/lib/local-store';
import { createRequiredContext } from '~/lib/required-context';

interface WishlistContextValue {
  ids: number[];
  has(productId: number): boolean;
  toggle(productId: number): Promise<void>;
  remove(productId: number): Promise<void>;
  clear(): Promise<void>;
}

const [WishlistContextProvider, useWishlistContext] =
  createRequiredContext<WishlistContextValue>('useWishlist');

/** The wishlist of the page; throws outside WishlistProvider. */
export const useWishlist = useWishlistContext;

/** Local-storage key of a wishlist (SPEC.md section 9). */
function wishlistStorageKey(userId: string | null): string {
  return userId ? `wishlist_${userId}` : 'wishlist';
}

const isProductId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0;
const readIds = (key: string) => readStoredList(key, isProductId);
const writeIds = writeStoredList;

async function callWishlist(body: object | null): Promise<number[] | null> {
  const response = await fetch(
    '/api/wishlist',
    body
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }
      : undefined,
  );
  if (!response.ok) throw new Error(`wishlist answered ${response.status}`);
  return ((await response.json()) as { ids: number[] | null }).ids;
}

export function WishlistProvider({
  userId,
  children,
}: {
  userId: string | null;
  children: React.ReactNode;
}) {
  const [ids, setIds] = useState<number[]>([]);
  const idsRef = useRef(ids);
  const key = wishlistStorageKey(userId);

  const settle = useCallback(
    (next: number[]) => {
      idsRef.current = next;
      setIds(next);
      writeIds(key, next);
    },
    [key],
  );

  useEffect(() => {
    const local = readIds(key);
    idsRef.current = local;
    setIds(local);
    if (!userId) return;
    const guest = readIds(wishlistStorageKey(null));
    callWishlist(guest.length > 0 ? { action: 'merge', productIds: guest } : null)
      .then((server) => {
        if (guest.length > 0) writeIds(wishlistStorageKey(null), []);
        if (server) settle(server);
      })
      .catch(() => {
        // Offline: the local copy stands.
      });
  }, [key, userId, settle]);

  const change = useCallback(
    async (next: number[], body: object, message: string) => {
      const previous = idsRef.current;
      settle(next);
      toast.success(message);
      if (!userId) return;
      try {
        const server = await callWishlist(body);
        if (server) settle(server);
      } catch {
        settle(previous);
        toast.error('Wishlist not updated', { description: 'Please try again.' });
      }
    },
    [settle, userId],
  );

  const value = useMemo<WishlistContextValue>(
    () => ({
      ids,
      has: (productId) => ids.includes(productId),
      toggle: (productId) =>
        idsRef.current.includes(productId)
          ? change(
              idsRef.current.filter((id) => id !== productId),
              { action: 'remove', productId },
              'Removed from Wishlist',
            )
          : change(
              [productId, ...idsRef.current],
              { action: 'add', productId },
              'Added to Wishlist',
            ),
      remove: (productId) =>
        change(
          idsRef.current.filter((id) => id !== productId),
          { action: 'remove', productId },
          'Removed from Wishlist',
        ),
      clear: () => change([], { action: 'clear' }, 'Wishlist Cleared'),
    }),
    [change, ids],
  );

  return <WishlistContextProvider value={value}>{children}</WishlistContextProvider>;
}
