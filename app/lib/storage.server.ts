/**
 * File storage (DESIGN.md "files"): files are addressed by key ('sources/ab12….svg',
 * 'videos/store-visit-1.mp4'). Two backends sit behind one interface: local disk under
 * `$DATA_DIR/uploads` (the default) and an S3-compatible bucket when the `S3_*` variables are
 * set (see s3-storage.server.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { lookup } from 'mime-types';
import { createS3Storage, type S3Config } from './s3-storage.server';

export type { S3Config } from './s3-storage.server';

/** Keys are relative paths of lower-case letters, digits, '.', '_', '-' and '/'. */
const keyPattern = /^(?!.*\.\.)[a-z0-9][a-z0-9._/-]{0,254}$/;

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

/** The MIME type for a key from its extension; 'application/octet-stream' when unknown. */
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

export function contentTypeFor(key: string): string {
  return lookup(key) || 'application/octet-stream';
}

/** Error codes of the file system that mean "there is no such file". */
const missingCodes = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (error: unknown) =>
  missingCodes.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/**
 * Local-disk storage rooted at `root` (folders are created on the first write). Objects are
 * plain files at `root/<key>`; directories are never objects.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    assertKey(key);
    const target = path.resolve(base, key);
    // Second guard: whatever the pattern lets through must still land inside the root.
    if (!target.startsWith(base + path.sep)) throw new RangeError(`bad storage key: ${key}`);
    return target;
  };
  /** fs.stat of a regular file, or null when there is none. */
  const statFile = async (target: string) => {
    try {
      const stats = await fs.stat(target, { bigint: true });
      return stats.isFile() ? stats : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key, data, _contentType) {
      const target = resolve(key);
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(temporary, data);
        await fs.rename(temporary, target);
      } catch (error) {
        // The temporary file may never have been made (a folder in the way, a full disk).
        await fs.rm(temporary, { force: true }).catch(() => {});
        throw new StorageWriteError(key, error);
      }
    },
    async get(key) {
      const target = resolve(key);
      try {
        return await fs.readFile(target);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      const target = resolve(key);
      const stats = await statFile(target);
      if (!stats) return null;
      // Size, modification time (ns) and inode: a put renames a new file into place, so the
      // inode changes even when two writes of the same size share a clock tick.
      const tag = [stats.size, stats.mtimeNs, stats.ino].map((n) => n.toString(16)).join('-');
      return {
        size: Number(stats.size),
        etag: `"${tag}"`,
        lastModified: new Date(Number(stats.mtimeMs)),
        contentType: contentTypeFor(key),
      };
    },
    async read(key, range) {
      const target = resolve(key);
      if (range) assertRange(range);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(target, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let problem: unknown = null;
      try {
        const stats = await handle.stat();
        if (stats.isFile() && range && range.start >= stats.size) {
          problem = new RangeError(`byte range ${range.start}-${range.end} starts past ${key}`);
        } else if (stats.isFile()) {
          // The stream closes the handle when it ends, fails or is destroyed.
          return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        }
      } catch (error) {
        problem = error;
      }
      await handle.close();
      if (problem) throw problem;
      return null; // a directory, not an object
    },
    async exists(key) {
      return (await statFile(resolve(key))) !== null;
    },
    async delete(key) {
      const target = resolve(key);
      if (!(await statFile(target))) return;
      await fs.rm(target, { force: true });
    },
    async *list() {
      const entries = await fs
        .readdir(base, { recursive: true, withFileTypes: true })
        .catch((error: unknown) => {
          if (isMissing(error)) return [];
          throw error;
        });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path
          .relative(base, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/');
        // A put's temporary file is not an object yet.
        if (keyPattern.test(key) && !key.endsWith('.tmp')) yield key;
      }
    },
  };
}

/**
 * The configured storage: the S3-compatible bucket when `S3` is given, otherwise local disk
 * under `${DATA_DIR}/uploads`.
 */
export function createStorage(env: { DATA_DIR: string; S3?: S3Config }): Storage {
  return env.S3 ? createS3Storage(env.S3) : createLocalStorage(path.join(env.DATA_DIR, 'uploads'));
}
