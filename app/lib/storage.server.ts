/**
 * File storage (DESIGN.md "files"): files are addressed by key ('sources/ab12….svg',
 * 'videos/store-visit-1.mp4'). This is the local backend under `$DATA_DIR/uploads`; the
 * S3-compatible backend arrives with the media issue behind the same interface.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Keys are relative paths of lower-case letters, digits, '.', '_', '-' and '/'. */
const keyPattern = /^(?!.*\.\.)[a-z0-9][a-z0-9._/-]{0,254}$/;

export interface Storage {
  /** Writes a file atomically (temporary file, then rename). @throws RangeError on a bad key */
  put(key: string, data: Buffer | string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** An absolute path to the file on local disk, for streaming with range support. */
  localPath(key: string): string;
}

/** Checks a storage key. @throws RangeError when it could escape the storage folder. */
export function assertKey(key: string): void {
  if (!keyPattern.test(key)) throw new RangeError(`bad storage key: ${key}`);
}

/** Local-disk storage rooted at `root` (created when missing). */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    localPath: resolve,
  };
}
