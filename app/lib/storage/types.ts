/**
 * File storage (DESIGN.md "files"): files are addressed by key ('sources/ab12….svg',
 * 'videos/store-visit-1.mp4'). The interface and the key rules every backend shares; the
 * backends are local.server.ts and s3.server.ts, and storage.server.ts picks one (issue 18:
 * no module both defines the interface and chooses its implementation).
 */
import type { Readable } from 'node:stream';
import { lookup } from 'mime-types';

/** Keys are relative paths of lower-case letters, digits, '.', '_', '-' and '/'. */
export const keyPattern = /^(?!.*\.\.)[a-z0-9][a-z0-9._/-]{0,254}$/;

/** What `head` reports about a stored object. */
export interface StoredObject {
  /** Length of the object in bytes. */
  size: number;
  /** A quoted strong entity tag such as `"5d41402abc4b2a76"`; changes when the content does. */
  etag: string;
  /** When the object was last written. */
  lastModified: Date;
  /** Its MIME type, e.g. 'image/webp'. */
  contentType: string;
}

/** A byte range of an object, both ends inclusive and counted in bytes from 0. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A store of objects addressed by key. Every method checks the key first and throws a
 * RangeError on a bad one (see `assertKey`), before touching the disk or the bucket.
 */
export interface Storage {
  /** Which backend this is. */
  readonly kind: 'local' | 's3';
  /**
   * Writes an object, replacing any previous one; readers see the old or the new bytes, never
   * a mix. `contentType` defaults to `contentTypeFor(key)`; the local backend does not keep
   * it and always reports `contentTypeFor(key)`.
   * @throws RangeError on a bad key; StorageWriteError (with the backend's error as `cause`)
   *   when the write fails: a full disk, a missing bucket, an unreachable host. Nothing is
   *   left half-written then.
   */
  put(key: string, data: Buffer | string, contentType?: string): Promise<void>;
  /**
   * The object's bytes, or null when there is none.
   * @throws RangeError on a bad key; the backend's error on other failures.
   */
  get(key: string): Promise<Buffer | null>;
  /**
   * Size (bytes), ETag, last-modified time and content type, or null when there is none.
   * @throws RangeError on a bad key; the backend's error on other failures.
   */
  head(key: string): Promise<StoredObject | null>;
  /**
   * Streams the whole object or the inclusive byte range; null when missing. An `end` past the
   * last byte is cut to the last byte.
   * @throws RangeError on a bad key, or a range that is not whole numbers with
   *   0 <= start <= end, or that starts past the last byte; the backend's error otherwise.
   */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /**
   * Whether an object exists under the key.
   * @throws RangeError on a bad key; the backend's error on other failures.
   */
  exists(key: string): Promise<boolean>;
  /**
   * Removes the object; no error when it is already gone.
   * @throws RangeError on a bad key; the backend's error on other failures.
   */
  delete(key: string): Promise<void>;
  /**
   * Every stored key, in no particular order (for backups). Objects written while it runs may
   * or may not appear.
   * @throws the backend's error when it cannot list.
   */
  list(): AsyncIterable<string>;
}

/**
 * Checks a storage key: 1 to 255 characters of a-z, 0-9, '.', '_', '-' and '/', starting with
 * a letter or digit, without '..', and with no empty or '.' path segment (so 'a//b', 'a/./b'
 * and 'a/' are refused too: the two backends would otherwise disagree about them).
 * @throws RangeError when it is not such a key (it could escape the storage folder).
 */
export function assertKey(key: string): void {
  if (
    typeof key !== 'string' ||
    !keyPattern.test(key) ||
    key.split('/').some((segment) => segment === '' || segment === '.')
  ) {
    throw new RangeError(`bad storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Checks a byte range (inclusive ends, in bytes).
 * @throws RangeError unless start and end are whole numbers with 0 <= start <= end.
 */
export function assertRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`bad byte range: ${start}-${end}`);
  }
}

/** A write the storage could not make (see `Storage.put`); `cause` is the backend's error. */
export class StorageWriteError extends Error {
  override name = 'StorageWriteError';
  constructor(
    readonly key: string,
    cause: unknown,
  ) {
    super(`could not store ${key}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** The MIME type for a key from its extension; 'application/octet-stream' when unknown. */
export function contentTypeFor(key: string): string {
  return lookup(key) || 'application/octet-stream';
}
