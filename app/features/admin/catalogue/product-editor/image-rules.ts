/**
 * The product editor's rules for its image list, pure so they can be tested: which chosen
 * photos fit (by size and by the room left), what the refusals say, and reordering.
 */
import { PRODUCT_LIMITS } from '../product-rules';

/** The file types the "Add photos" input offers (the `accept` attribute). */
export const ACCEPTED_IMAGES =
  'image/jpeg,image/png,image/webp,image/avif,image/heic,image/gif,image/tiff';

/** A size in bytes as megabytes to one decimal, e.g. 15728640 → "15 MB". */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Of the photos `chosen`, those that may join the list when `room` more fit: each at most
 * PRODUCT_LIMITS.imageBytes, and no more than `room` of them, in the order chosen. `problems`
 * holds one message per photo too large, then one if some did not fit the room.
 */
export function fitImages(chosen: File[], room: number): { fitting: File[]; problems: string[] } {
  const problems = chosen
    .filter((file) => file.size > PRODUCT_LIMITS.imageBytes)
    .map(
      (file) =>
        `${file.name} is ${megabytes(file.size)}; the limit is ${megabytes(PRODUCT_LIMITS.imageBytes)}.`,
    );
  const small = chosen.filter((file) => file.size <= PRODUCT_LIMITS.imageBytes);
  if (small.length > room) {
    problems.push(
      `A product can have at most ${PRODUCT_LIMITS.images} images; ${room === 0 ? 'remove one first' : `only ${room} more ${room === 1 ? 'fits' : 'fit'}`}.`,
    );
  }
  return { fitting: small.slice(0, Math.max(0, room)), problems };
}

/** The list with the item at `index` moved one place left (-1) or right (1); unchanged at an end. */
export function moved<Item>(list: Item[], index: number, step: -1 | 1): Item[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
