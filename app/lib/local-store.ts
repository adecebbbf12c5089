/**
 * Lists kept in the browser's local storage (the guest cart and wishlist, and their signed-in
 * mirrors): read with a guard so a tampered or outdated entry is dropped, never trusted; an
 * empty list removes the key. Blocked or full storage is ignored (the list then lives for the
 * page only).
 */

/** The items of the list stored under `key` that pass `isItem`; [] when absent or unreadable. */
export function readStoredList<T>(key: string, isItem: (value: unknown) => value is T): T[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

/** Stores a list under `key` (removing the key when the list is empty). */
export function writeStoredList(key: string, items: readonly unknown[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // Storage may be full or blocked.
  }
}
