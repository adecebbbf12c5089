/**
 * Local-disk storage (DESIGN.md "files"): the default backend, objects as plain files under
 * `$DATA_DIR/uploads`. Writes go to a temporary file first and are renamed into place.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertKey,
  assertRange,
  contentTypeFor,
  keyPattern,
  StorageWriteError,
  type Storage,
} from './types';

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
