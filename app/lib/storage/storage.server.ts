/**
 * Picks the storage backend from the configuration (DESIGN.md "files"): an S3-compatible bucket
 * when the `S3_*` variables are set, otherwise local disk under `$DATA_DIR/uploads`.
 */
import path from 'node:path';
import { createLocalStorage } from './local.server';
import { createS3Storage, type S3Config } from './s3.server';
import type { Storage } from './types';

export { createLocalStorage } from './local.server';
export type { S3Config } from './s3.server';
export { assertKey, contentTypeFor, StorageWriteError, type Storage } from './types';

/**
 * The configured storage: the S3-compatible bucket when `S3` is given, otherwise local disk
 * under `${DATA_DIR}/uploads`.
 */
export function createStorage(env: { DATA_DIR: string; S3?: S3Config }): Storage {
  return env.S3 ? createS3Storage(env.S3) : createLocalStorage(path.join(env.DATA_DIR, 'uploads'));
}
