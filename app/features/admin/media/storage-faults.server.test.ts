/**
 * Uploads when the storage fails (issue 8 item 2 "Faults"): the uploads folder sits on a real
 * 600 KiB filesystem (tmpfs) that a large video fills, and an S3 bucket that does not exist.
 * The upload is refused with 503 and a plain message, nothing is added to the gallery or the
 * audit log, no partial or temporary file is left, and the next upload that fits works. When
 * a later file of the same save fails (a video's poster, a product's second image), the files
 * already stored for it are removed again.
 *
 * Mounting needs root (CI and this project's machine run as root); elsewhere the disk part is
 * skipped with a note.
 */
import { execFileSync } from 'node:child_process';
import { count } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_VIDEOS_DIR } from '~/seed/seed.server';
import { createS3Storage } from '~/lib/storage/s3.server';
import { auditLog, images, media } from '~/lib/schema.server';
import { createLocalStorage, type Storage } from '~/lib/storage/storage.server';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import { uploadMedia, uploadMediaSchema } from './media.server';
import { settleImageRenders, STORAGE_FAILED_MESSAGE, storeFormImages } from './uploads.server';

const mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-full-disk-'));
/** Whether a 600 KiB tmpfs could be mounted there. */
const mounted = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=600k', 'tmpfs', mountPoint], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
})();

let app: TestApp;
const actor = { id: '', email: 'owner@example.com' };
let video: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  actor.id = (await app.signedIn('admin', 'owner@example.com')).userId;
  const [file] = (await fs.readdir(SEED_VIDEOS_DIR)).filter((name) => name.endsWith('.mp4'));
  // A real MP4 made larger than the disk (the container's header still says MP4).
  video = Buffer.concat([
    await fs.readFile(path.join(SEED_VIDEOS_DIR, file!)),
    Buffer.alloc(900_000),
  ]);
});

afterAll(async () => {
  await settleImageRenders();
  await app?.dispose();
  if (mounted) execFileSync('umount', [mountPoint]);
  await fs.rm(mountPoint, { recursive: true, force: true });
});

function upload(storage: Storage, title: string, file: File, poster?: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  if (poster) form.append('poster', poster, poster.name);
  return uploadMedia(app.database.db, storage, actor, uploadMediaSchema.parse({ title }), form);
}

async function counts() {
  const [items] = await app.database.db.select({ n: count() }).from(media);
  const [audits] = await app.database.db.select({ n: count() }).from(auditLog);
  const [stored] = await app.database.db.select({ n: count() }).from(images);
  return { items: Number(items!.n), audits: Number(audits!.n), images: Number(stored!.n) };
}

/** Every key a storage holds. */
async function keys(storage: Storage): Promise<string[]> {
  const found: string[] = [];
  for await (const key of storage.list()) found.push(key);
  return found;
}

/** A 1200 px photograph of noise: about 1 MiB however it is encoded, more than the disk. */
const noisyPhoto = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({
          create: {
            width: 1200,
            height: 1200,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 60 },
          },
        })
          .jpeg({ quality: 95 })
          .toBuffer(),
      ),
    ],
    'noise.jpg',
    { type: 'image/jpeg' },
  );

/** A small photograph; a colour no other test uses gives an image nothing else shows. */
const photo = async (background = '#c8a165') =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 320, height: 240, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'small.jpg',
    { type: 'image/jpeg' },
  );

describe(`uploads when the storage fails, on ${testDatabaseKind}`, () => {
  it.skipIf(!mounted)(
    'a full disk refuses the upload with 503 and leaves no file and no row behind',
    async () => {
      const storage = createLocalStorage(path.join(mountPoint, 'uploads'));
      const before = await counts();
      const refusal = await upload(
        storage,
        'Store walk',
        new File([new Uint8Array(video)], 'walk.mp4', { type: 'video/mp4' }),
      ).catch((error: unknown) => error);
      expect(refusal).toMatchObject({
        code: 'unavailable',
        message: STORAGE_FAILED_MESSAGE,
        field: 'file',
      });
      expect(await counts()).toEqual(before);
      const left = await fs.readdir(mountPoint, { recursive: true });
      expect(left.filter((name) => !['uploads', 'uploads/videos'].includes(name))).toEqual([]);
      // The failed write freed its space: an upload that fits goes through.
      const { id } = await upload(storage, 'Small photo', await photo());
      expect(id).toBeGreaterThan(0);
      expect((await counts()).items).toBe(before.items + 1);
    },
  );

  it.skipIf(!mounted)(
    'a product image the disk cannot take removes the images of the same save stored before it',
    async () => {
      const storage = createLocalStorage(path.join(mountPoint, 'two-images'));
      const before = await counts();
      await expect(
        storeFormImages(
          app.database.db,
          storage,
          [await photo('#1f3a5f'), await noisyPhoto()],
          'images',
        ),
      ).rejects.toMatchObject({
        code: 'unavailable',
        message: STORAGE_FAILED_MESSAGE,
        field: 'images',
      });
      expect(await keys(storage)).toEqual([]);
      expect(await counts()).toEqual(before);
    },
  );

  it('a video whose poster cannot be stored is refused, and the stored video removed again', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-poster-fault-'));
    try {
      // Images go under sources/, which is a file here: every image write fails, videos work.
      await fs.writeFile(path.join(root, 'sources'), 'not a folder');
      const storage = createLocalStorage(root);
      const [file] = (await fs.readdir(SEED_VIDEOS_DIR)).filter((name) => name.endsWith('.mp4'));
      const small = new File([await fs.readFile(path.join(SEED_VIDEOS_DIR, file!))], file!, {
        type: 'video/mp4',
      });
      const before = await counts();
      await expect(
        upload(storage, 'Walk with poster', small, await photo('#5f1f3a')),
      ).rejects.toMatchObject({
        code: 'unavailable',
        message: STORAGE_FAILED_MESSAGE,
        field: 'poster',
      });
      // Only the file in the way is left: the video is gone again.
      expect(await keys(storage)).toEqual(['sources']);
      expect(await counts()).toEqual(before);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('a bucket that does not exist refuses the upload with 503 and adds nothing', async () => {
    const { default: S3rver } = await import('s3rver');
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-s3-fault-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const { port } = await server.run();
    try {
      const storage = createS3Storage({
        bucket: 'no-such-bucket',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      const before = await counts();
      await expect(upload(storage, 'Lost photo', await photo())).rejects.toMatchObject({
        code: 'unavailable',
        message: STORAGE_FAILED_MESSAGE,
      });
      expect(await counts()).toEqual(before);
    } finally {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    }
  });
});
