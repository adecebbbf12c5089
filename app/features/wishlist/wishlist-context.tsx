/**
 * The wishlist in the browser (SPEC.md section 4 "Wishlist"): product ids, kept in local
 * storage for guests (`wishlist`) and on the server for signed-in shoppers (mirrored as
 * `wishlist_{userId}`), merged on sign-in; adding a saved product does nothing.
 * A signed-in shopper's change is kept on the device until the server has it (issue 36 item 1,
 * `lib/pending-changes.ts`): "Added to Wishlist" holds even when they move on at once, and the
 * server's list is read with the changes it has not had yet on top, never instead of them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '~/components/ui/toaster';
import { readStoredList, writeStoredList } from '~/lib/local-store';
import { changeQueue, forgetOtherShoppers } from '~/lib/pending-changes';
import { createRequiredContext } from '~/lib/required-context';

interface WishlistContextValue {
  ids: number[];
  has(productId: number): boolean;
  toggle(productId: number): Promise<void>;
  remove(productId: number): Promise<void>;
  clear(): Promise<void>;
  /** Whether the server's list has been read (with the changes it has not had on top). */
  synced: boolean;
  /** Counts the page loads whose kept changes (from an earlier page) reached the server. */
  replayed: number;
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

/** A change to a stored wishlist, as /api/wishlist takes it. */
type WishlistChange =
  | { action: 'add' | 'remove'; productId: number }
  | { action: 'clear' }
  | { action: 'merge'; productIds: number[] };

type WishlistAnswer = { ids: number[] | null; error?: string };

function isWishlistChange(value: object): value is WishlistChange {
  const change = value as Record<string, unknown>;
  switch (change.action) {
    case 'add':
    case 'remove':
      return isProductId(change.productId);
    case 'clear':
      return true;
    case 'merge':
      return Array.isArray(change.productIds) && change.productIds.every(isProductId);
    default:
      return false;
  }
}

/** `ids` after `change`, as the server applies it: newest first, each product once. */
function applyChange(ids: readonly number[], change: WishlistChange): number[] {
  switch (change.action) {
    case 'add':
      return [change.productId, ...ids.filter((id) => id !== change.productId)];
    case 'remove':
      return ids.filter((id) => id !== change.productId);
    case 'clear':
      return [];
    case 'merge':
      return [...new Set([...change.productIds.filter((id) => !ids.includes(id)), ...ids])];
  }
}

/** The signed-in shopper's saved ids from the server; null for a guest or when unreachable. */
async function readServerIds(): Promise<number[] | null> {
  try {
    const response = await fetch('/api/wishlist');
    if (!response.ok) return null;
    return ((await response.json()) as WishlistAnswer).ids;
  } catch {
    return null;
  }
}

export function WishlistProvider({
  userId,
  children,
}: {
  userId: string | null;
  children: React.ReactNode;
}) {
  const [ids, setIds] = useState<number[]>([]);
  const [synced, setSynced] = useState(false);
  const [replayed, setReplayed] = useState(0);
  const idsRef = useRef(ids);
  const key = wishlistStorageKey(userId);
  const queue = useMemo(
    () =>
      userId
        ? changeQueue<WishlistChange, WishlistAnswer>({
            name: 'wishlist',
            userId,
            url: '/api/wishlist',
            isChange: isWishlistChange,
          })
        : null,
    [userId],
  );
  useEffect(() => queue?.track(), [queue]);

  const settle = useCallback(
    (next: number[]) => {
      idsRef.current = next;
      setIds(next);
      writeIds(key, next);
    },
    [key],
  );

  /** Takes the server's list with the changes it has not had yet on top. */
  const accept = useCallback(
    (server: number[]) => {
      settle((queue?.pending() ?? []).reduce(applyChange, server));
      setSynced(true);
    },
    [queue, settle],
  );

  // Load: the local copy at once; then the changes kept from earlier pages, then the server's.
  useEffect(() => {
    forgetOtherShoppers('wishlist', userId);
    const local = readIds(key);
    idsRef.current = local;
    setIds(local);
    if (!queue) return;
    let current = true;
    const guest = readIds(wishlistStorageKey(null));
    if (guest.length > 0) {
      // Kept in the queue from here on, so the guest copy can go.
      const merge: WishlistChange = { action: 'merge', productIds: guest };
      settle(applyChange(local, merge));
      void queue.send(merge);
      writeIds(wishlistStorageKey(null), []);
    }
    void (async () => {
      const flushed = await queue.flush();
      if (!current) return;
      if (flushed.answered > 0) setReplayed((count) => count + 1);
      if (flushed.stalled) return; // Offline: the local copy, changes included, stands.
      const server = flushed.answer?.ids ?? (await queue.readFresh(readServerIds));
      if (current && server) accept(server);
    })();
    return () => {
      current = false;
    };
  }, [key, userId, queue, settle, accept]);

  const change = useCallback(
    async (body: WishlistChange, message: string) => {
      settle(applyChange(idsRef.current, body));
      toast.success(message);
      if (!queue) return;
      const outcome = await queue.send(body);
      if (outcome.kind === 'applied' && outcome.answer.ids) accept(outcome.answer.ids);
      if (outcome.kind === 'refused') {
        toast.error('Wishlist not updated', {
          description: outcome.answer?.error ?? 'Please try again.',
        });
        const server = await queue.readFresh(readServerIds);
        if (server) accept(server);
      }
      // Kept: saved on this device, and sent with the next change or on the next page.
    },
    [accept, queue, settle],
  );

  const value = useMemo<WishlistContextValue>(
    () => ({
      ids,
      synced,
      replayed,
      has: (productId) => ids.includes(productId),
      toggle: (productId) =>
        idsRef.current.includes(productId)
          ? change({ action: 'remove', productId }, 'Removed from Wishlist')
          : change({ action: 'add', productId }, 'Added to Wishlist'),
      remove: (productId) => change({ action: 'remove', productId }, 'Removed from Wishlist'),
      clear: () => change({ action: 'clear' }, 'Wishlist Cleared'),
    }),
    [change, ids, replayed, synced],
  );

  return <WishlistContextProvider value={value}>{children}</WishlistContextProvider>;
}
