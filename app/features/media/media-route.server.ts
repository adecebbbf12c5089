/**
 * `GET|HEAD /media/{key}`: stored files by storage key (issue "Gallery and media" item 1).
 *
 * - Never a `private/` key (fitting photos: their own authorised routes serve them).
 * - Only public keys are served: image variants (`variants/…`, rendered on first request by
 *   the pipeline) and videos (`videos/…`). Sources and anything else give 404, as do keys
 *   that fail the storage key rules (so `..` never reaches the disk or the bucket).
 * - `ETag` and `Last-Modified`, with 304 for a matching `If-None-Match`/`If-Modified-Since`.
 * - One byte range per request (`Range: bytes=a-b`, `If-Range` honoured) with 206; a malformed
 *   or unsatisfiable range gives 416 with `Content-Range: bytes *∕size`; several ranges are
 *   answered with the whole file.
 * - `Cache-Control: public, max-age=31536000, immutable` for content-addressed keys (variants
 *   and hashed uploads), a week for named demo videos, `no-cache` while a WebP stands in for
 *   an AVIF variant still rendering.
 */
import type { NextFunction, Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import rangeParser from 'range-parser';
import type { Logger } from 'pino';
import { assertKey, type Storage } from '~/lib/storage/storage.server';
import { variantKeyPattern, type ImageFormat, type ImageWidth } from './image-url';
import { getImageVariant } from './images.server';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const hashedVideoPattern = /^videos\/[0-9a-f]{32}\.(mp4|webm)$/;
const namedVideoPattern = /^videos\/[a-z0-9][a-z0-9._-]*\.(mp4|webm)$/;

function isValidKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Express handler for `/media/{*key}`; unknown keys fall through to `next()` (the
 * storefront's 404 page).
 */
export function createMediaHandler(storage: Storage, logger: Logger) {
  return async function mediaHandler(req: Request, res: Response, next: NextFunction) {
    const splat = (req.params as { key?: string | string[] }).key;
    const key = Array.isArray(splat) ? splat.join('/') : (splat ?? '');
    // Private files (fitting photos under 'private/') have their own authorised routes.
    if (!isValidKey(key) || key.startsWith('private/')) return next();
    try {
      let storageKey = key;
      let cacheControl: string;
      const variant = variantKeyPattern.exec(key);
      if (variant) {
        const hit = await getImageVariant(
          storage,
          variant[1]!,
          Number(variant[2]) as ImageWidth,
          variant[3] as ImageFormat,
        );
        if (!hit) return next();
        storageKey = hit.storageKey;
        cacheControl = hit.final ? IMMUTABLE : 'no-cache';
      } else if (hashedVideoPattern.test(key)) {
        cacheControl = IMMUTABLE;
      } else if (namedVideoPattern.test(key)) {
        cacheControl = 'public, max-age=604800';
      } else {
        return next();
      }
      const stored = await storage.head(storageKey);
      if (!stored) return next();
      res.set({
        'Content-Type': stored.contentType,
        ETag: stored.etag,
        'Last-Modified': stored.lastModified.toUTCString(),
        'Accept-Ranges': 'bytes',
        'Cache-Control': cacheControl,
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.fresh) return res.status(304).end();

      let range: rangeParser.Range | undefined;
      const ifRange = req.get('If-Range');
      const rangeApplies =
        req.headers.range &&
        (!ifRange ||
          ifRange === stored.etag ||
          (!ifRange.startsWith('"') &&
            !ifRange.startsWith('W/') &&
            Date.parse(ifRange) >= Math.floor(stored.lastModified.getTime() / 1000) * 1000));
      if (rangeApplies) {
        const ranges = rangeParser(stored.size, req.headers.range!, { combine: true });
        if (ranges === -1 || ranges === -2 || ranges.type !== 'bytes') {
          res.set('Content-Range', `bytes */${stored.size}`);
          return res.status(416).type('text/plain').send('Requested range not satisfiable');
        }
        if (ranges.length === 1) range = ranges[0];
      }
      if (range) {
        res.status(206).set({
          'Content-Range': `bytes ${range.start}-${range.end}/${stored.size}`,
          'Content-Length': String(range.end - range.start + 1),
        });
      } else {
        res.status(200).set('Content-Length', String(stored.size));
      }
      if (req.method === 'HEAD') return res.end();
      const body = await storage.read(storageKey, range);
      if (!body) return next();
      await pipeline(body, res);
    } catch (error) {
      if (res.headersSent) {
        // The client went away mid-stream (a video seek), or storage failed mid-file.
        logger.debug({ err: error, key }, 'media stream ended early');
        res.destroy();
        return;
      }
      next(error);
    }
  };
}
