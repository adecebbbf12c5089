/**
 * `/media/{key}` over real HTTP and real files: validators and 304, byte ranges and 416,
 * immutable caching of content-addressed keys, the AVIF stand-in, and keys that must never
 * be served (sources, unknown keys, path traversal).
 */
import express from 'express';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '~/lib/storage/storage.server';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { fileUrl, imageUrl } from './image-url';
import { renderAllVariants, storeUploadedImage } from './images.server';
import { createMediaHandler } from './media-route.server';

let database: TestDatabase;
let storage: Storage;
let root: string;
let server: ReturnType<express.Express['listen']>;
let origin: string;
let imageKey: string;
/** 1000 bytes 0..249 repeated, so any range's content is known. */
const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 250));
const videoKey = 'videos/a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5.mp4';
const namedVideoKey = 'videos/store-visit-1.mp4';

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'media-route-'));
  storage = createLocalStorage(root);
  await storage.put(videoKey, video);
  await storage.put(namedVideoKey, video);
  const photo = await sharp({
    create: { width: 700, height: 500, channels: 3, background: '#335577' },
  })
    .png()
    .toBuffer();
  imageKey = (await storeUploadedImage(database.db, storage, photo)).key;
  const app = express();
  app.get('/media/{*key}', createMediaHandler(storage, pino({ level: 'silent' })));
  app.use((_req, res) => res.status(404).send('Not found'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.dispose();
  await fs.rm(root, { recursive: true, force: true });
});

// fetch() adds `Cache-Control: no-cache` to conditional requests unless one is given; a
// browser revalidating its cache sends `max-age=0`.
const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${url}`, { headers: { 'Cache-Control': 'max-age=0', ...headers } });

describe('/media/{key}', () => {
  it('serves a hashed video with validators, immutable caching and Accept-Ranges', async () => {
    const response = await get(fileUrl(videoKey));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect(new Date(response.headers.get('last-modified')!).getTime()).toBeGreaterThan(0);
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);

    const named = await get(fileUrl(namedVideoKey));
    expect(named.headers.get('cache-control')).toBe('public, max-age=604800');
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const first = await get(fileUrl(videoKey));
    await first.arrayBuffer();
    const byTag = await get(fileUrl(videoKey), { 'If-None-Match': first.headers.get('etag')! });
    expect(byTag.status).toBe(304);
    const byDate = await get(fileUrl(videoKey), {
      'If-Modified-Since': first.headers.get('last-modified')!,
    });
    expect(byDate.status).toBe(304);
    const stale = await get(fileUrl(videoKey), { 'If-None-Match': '"something-else"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('serves one byte range with 206 and Content-Range', async () => {
    const response = await get(fileUrl(videoKey), { Range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await response.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);

    const tail = await get(fileUrl(videoKey), { Range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(990))).toBe(true);

    const open = await get(fileUrl(videoKey), { Range: 'bytes=900-' });
    expect(open.headers.get('content-range')).toBe('bytes 900-999/1000');
    await open.arrayBuffer();
  });

  it.each(['bytes=abc', 'bytes=5000-6000', 'bytes=500-100', 'pages=1-2', 'bytes='])(
    'answers 416 to the range %j without crashing',
    async (range) => {
      const response = await get(fileUrl(videoKey), { Range: range });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */1000');
      await response.arrayBuffer();
    },
  );

  it('ignores a Range whose If-Range names an older version', async () => {
    const response = await get(fileUrl(videoKey), {
      Range: 'bytes=0-9',
      'If-Range': '"an-older-version"',
    });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(1000);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${origin}${fileUrl(videoKey)}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('1000');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('renders image variants on request; an AVIF not yet made is stood in for, uncached', async () => {
    const webp = await get(imageUrl(imageKey, 640, 'webp'));
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(640);

    const standIn = await get(imageUrl(imageKey, 320, 'avif'));
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get('content-type')).toBe('image/webp');
    expect(standIn.headers.get('cache-control')).toBe('no-cache');
    await standIn.arrayBuffer();

    await renderAllVariants(storage, imageKey);
    const avif = await get(imageUrl(imageKey, 320, 'avif'));
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
    expect(metadata.width).toBe(320);
  });

  it.each([
    ['an unknown image key', '/media/variants/img-0123456789abcdef0123456789abcdef-640.webp'],
    [
      'a width that is not a variant width',
      `/media/variants/${'img-0123456789abcdef0123456789abcdef'}-500.webp`,
    ],
    ['an unknown video', '/media/videos/no-such-film.mp4'],
    ['a private source', '/media/sources/x.webp'],
    ['a traversal with ..', '/media/videos/..%2F..%2F..%2Fetc%2Fpasswd'],
    ['a traversal with encoded slashes', '/media/%2e%2e/%2e%2e/etc/passwd'],
    ['a backslash traversal', '/media/videos/..%5C..%5Cpackage.json'],
    ['an absolute path', '/media//etc/passwd'],
    ['an upper-case key', '/media/videos/A.mp4'],
  ])('gives 404 for %s', async (_name, url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });

  it('keeps the stored source private even when its key is known', async () => {
    expect(await storage.exists(`sources/${imageKey}.webp`)).toBe(true);
    const response = await get(`/media/sources/${imageKey}.webp`);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });
});
