/**
 * The media pipeline on a real database and real files: uploads decoded, stripped, re-encoded
 * and recorded; variants in AVIF and WebP at every width, never upscaled; refusals of a
 * renamed text file, an oversized file, a decompression bomb, a damaged image and an SVG,
 * with nothing stored; videos recognised by content.
 */
import { refusalStatus } from '~/lib/refusal';
import { count, eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '~/lib/schema.server';
import { createLocalStorage, type Storage } from '~/lib/storage/storage.server';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import { IMAGE_WIDTHS, variantKey } from './image-url';
import {
  getImageVariant,
  MEDIA_LIMITS,
  MediaRejectedError,
  renderAllVariants,
  storeSvgImage,
  storeUploadedImage,
  storeUploadedVideo,
} from './images.server';
import { SEED_VIDEOS_DIR } from '~/seed/seed.server';
import { textileSvg } from '~/seed/textile';

let database: TestDatabase;
let storage: Storage;
let root: string;

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'media-pipeline-'));
  storage = createLocalStorage(root);
});

afterAll(async () => {
  await database?.dispose();
  await fs.rm(root, { recursive: true, force: true });
});

/** Every file under the storage root, as keys. */
async function storedKeys(): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function imageRows(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(images);
  return row!.n;
}

/** A 1200 x 800 photo-like JPEG with EXIF (a camera model and orientation 6: rotate 90°). */
function cameraJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 40, b: 60 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><circle cx="300" cy="300" r="200" fill="#e8d9a0"/></svg>',
        ),
      },
    ])
    .withMetadata({ orientation: 6, exif: { IFD0: { Model: 'Test Camera', Artist: 'Someone' } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 10000 x 8000 grey PNG (80 megapixels, 80 MB decoded) that
 * is about 80 KB on disk.
 */
function pngBomb(width = 10_000, height = 8_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const pixels = Buffer.alloc((width + 1) * height); // filter byte 0 and black pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe(`image uploads on ${testDatabaseKind}`, () => {
  it('stores an upload upright, without metadata, as a WebP source with a placeholder', async () => {
    const stored = await storeUploadedImage(database.db, storage, await cameraJpeg());
    expect(stored.key).toMatch(/^img-[0-9a-f]{32}$/);
    // Orientation 6 turns the 1200 x 800 picture on its side.
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 800, height: 1200 });
    expect(stored.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]{40,}$/);
    expect(stored.placeholder.length).toBeLessThan(600);

    const source = await storage.get(`sources/${stored.key}.webp`);
    expect(source).not.toBeNull();
    const metadata = await sharp(source!).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();

    const again = await storeUploadedImage(database.db, storage, await cameraJpeg());
    expect(again.key).toBe(stored.key);
  });

  it('renders AVIF and WebP variants at every width without upscaling', async () => {
    const stored = await storeUploadedImage(database.db, storage, await cameraJpeg());
    expect(await renderAllVariants(storage, stored.key)).toBe(IMAGE_WIDTHS.length * 2);
    expect(await renderAllVariants(storage, stored.key)).toBe(0);
    for (const width of IMAGE_WIDTHS) {
      const avif = await sharp(
        (await storage.get(variantKey(stored.key, width, 'avif')))!,
      ).metadata();
      const webp = await sharp(
        (await storage.get(variantKey(stored.key, width, 'webp')))!,
      ).metadata();
      expect(avif.format).toBe('heif');
      expect(avif.compression).toBe('av1');
      expect(webp.format).toBe('webp');
      // The source is 800 px wide: 960 and 1440 stay at 800.
      expect(avif.width).toBe(Math.min(width, 800));
      expect(webp.width).toBe(Math.min(width, 800));
    }
  });

  it('answers an AVIF request before it exists with the WebP variant, then renders the AVIF', async () => {
    const key = await storeSvgImage(
      database.db,
      storage,
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#203050"/><circle cx="800" cy="600" r="400" fill="#c9a227"/></svg>',
    );
    const first = await getImageVariant(storage, key, 640, 'avif');
    expect(first).toEqual({
      storageKey: variantKey(key, 640, 'webp'),
      format: 'webp',
      final: false,
    });
    await renderAllVariants(storage, key);
    const second = await getImageVariant(storage, key, 640, 'avif');
    expect(second).toEqual({
      storageKey: variantKey(key, 640, 'avif'),
      format: 'avif',
      final: true,
    });
    expect(
      await getImageVariant(storage, 'img-0123456789abcdef0123456789abcdef', 640, 'avif'),
    ).toBeNull();
    expect(await getImageVariant(storage, '../sources/x', 640, 'webp')).toBeNull();
  });

  it('gives a generated textile a placeholder of the colour of its cloth', async () => {
    const key = await storeSvgImage(
      database.db,
      storage,
      textileSvg({
        seed: 7,
        palette: ['#1c2541', '#3a506b', '#0b132b'],
        weave: 'pinstripe',
        garment: 'none',
        width: 1200,
        height: 1500,
      }),
    );
    const [row] = await database.db.select().from(images).where(eq(images.key, key));
    const placeholder = Buffer.from(row!.placeholder.split(',')[1]!, 'base64');
    const hit = await getImageVariant(storage, key, 320, 'webp');
    const variant = (await storage.get(hit!.storageKey))!;
    const [small, large] = await Promise.all([sharp(placeholder).stats(), sharp(variant).stats()]);
    for (const channel of [0, 1, 2]) {
      expect(Math.abs(small.channels[channel]!.mean - large.channels[channel]!.mean)).toBeLessThan(
        25,
      );
    }
    // A navy cloth: nowhere near the pale shading a pattern-less drawing would give.
    expect(small.channels[2]!.mean).toBeLessThan(140);
  });

  it('records a generated SVG source once, with its size and placeholder', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#5a1e2c"/></svg>';
    const before = await imageRows();
    const key = await storeSvgImage(database.db, storage, svg);
    expect(await storeSvgImage(database.db, storage, svg)).toBe(key);
    expect(await imageRows()).toBe(before + 1);
  });
});

describe(`image refusals on ${testDatabaseKind}`, () => {
  const refusals: [string, () => Buffer | Promise<Buffer>, number, RegExp][] = [
    [
      'a text file renamed to .jpg',
      () => Buffer.from('Just some notes, saved as photo.jpg\n'),
      415,
      /not an image we can read/,
    ],
    ['an empty file', () => Buffer.alloc(0), 422, /empty/],
    [
      'a file over the byte limit',
      () => Buffer.alloc(MEDIA_LIMITS.imageBytes + 1, 0xff),
      413,
      /^This image is larger than 15 MB; the limit is 15 MB\.$/,
    ],
    [
      'a file well over the byte limit',
      () => Buffer.alloc(16 * 1024 * 1024, 0xff),
      413,
      /^This image is 16 MB; the limit is 15 MB\.$/,
    ],
    [
      'a decompression bomb',
      () => pngBomb(),
      413,
      /10000 × 8000 pixels; the limit is 50 megapixels/,
    ],
    [
      'a damaged (truncated) JPEG',
      async () => (await cameraJpeg()).subarray(0, 2_000),
      422,
      /damaged or incomplete/,
    ],
    [
      'an SVG drawing (it could carry scripts)',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      415,
      /SVG drawings are not accepted/,
    ],
  ];

  it.each(refusals)('refuses %s and stores nothing', async (_name, file, status, message) => {
    const keysBefore = await storedKeys();
    const rowsBefore = await imageRows();
    const error = await storeUploadedImage(database.db, storage, await file()).catch((e) => e);
    expect(error).toBeInstanceOf(MediaRejectedError);
    expect(refusalStatus(error.code)).toBe(status);
    expect(error.message).toMatch(message);
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await imageRows()).toBe(rowsBefore);
  });
});

describe('video uploads', () => {
  it('stores an MP4 under its content hash', async () => {
    const [file] = (await fs.readdir(SEED_VIDEOS_DIR)).filter((name) => name.endsWith('.mp4'));
    const bytes = await fs.readFile(path.join(SEED_VIDEOS_DIR, file!));
    const key = await storeUploadedVideo(storage, bytes);
    expect(key).toMatch(/^videos\/[0-9a-f]{32}\.mp4$/);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    expect(await storeUploadedVideo(storage, bytes)).toBe(key);
  });

  it('refuses a text file named like a video, and a JPEG, storing nothing', async () => {
    const keysBefore = await storedKeys();
    for (const file of [Buffer.from('not a film at all, just text'), await cameraJpeg()]) {
      const error = await storeUploadedVideo(storage, file).catch((e) => e);
      expect(error).toBeInstanceOf(MediaRejectedError);
      expect(error.code).toBe('unsupported-media');
      expect(error.message).toBe(
        'This file is not a video we can play. Upload an MP4 or WebM video.',
      );
    }
    expect(await storedKeys()).toEqual(keysBefore);
  });
});
