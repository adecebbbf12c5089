/**
 * The S3-compatible storage backend (DESIGN.md "files"): objects live in one bucket under their
 * storage key. Works with AWS S3 and with hosts such as MinIO, Cloudflare R2 or s3rver, using
 * path-style addressing (`<endpoint>/<bucket>/<key>`).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  assertKey,
  assertRange,
  contentTypeFor,
  type ByteRange,
  type Storage,
  StorageWriteError,
  type StoredObject,
} from './types';

/** Where and how to reach the bucket (the `S3_*` variables). */
export interface S3Config {
  /** Bucket name; it must already exist. */
  bucket: string;
  /** Service URL, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  /** Signing region, e.g. 'eu-central-1' ('auto' for R2, anything for MinIO). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Timeouts in ms (issue 8 item 5); `S3_TIMEOUTS_MS` by default. */
  timeoutsMs?: Partial<Record<keyof typeof S3_TIMEOUTS_MS, number>>;
}

/**
 * How long a call to the bucket may wait, in ms: for the connection, and for the next byte
 * once connected (an idle socket, so a large upload that keeps moving is never cut). The SDK
 * waits forever by default, which would hold a page or an upload on a stuck host. Each call
 * is tried up to 3 times (the SDK's standard retry).
 */
const S3_TIMEOUTS_MS = { connection: 5_000, socket: 30_000 } as const;

/** Fields of the SDK's errors that tell what went wrong. */
interface S3ErrorShape {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * Whether an SDK error means "no such object". A missing bucket is a configuration error and is
 * not swallowed when the service says so (HEAD responses carry no body, so there a 404 is taken
 * as a missing object).
 */
function isNotFound(error: unknown): boolean {
  const { name, Code, $metadata } = (error ?? {}) as S3ErrorShape;
  const code = Code ?? name;
  if (code === 'NoSuchBucket') return false;
  return code === 'NotFound' || code === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** Whether an SDK error is a 416 (the range starts past the end of the object). */
function isInvalidRange(error: unknown): boolean {
  const { name, Code, $metadata } = (error ?? {}) as S3ErrorShape;
  return (Code ?? name) === 'InvalidRange' || $metadata?.httpStatusCode === 416;
}

/** A quoted strong ETag, whatever quoting the service used. */
function quoteEtag(etag: string | undefined): string {
  const bare = (etag ?? '').replace(/^W\//, '').replace(/^"|"$/g, '');
  return `"${bare}"`;
}

/**
 * Checks that a ranged GetObject answered the bytes asked for: `Content-Range` must name the
 * requested start and end (the end cut to the last byte), or, for a plain 200 answer, the whole
 * object must be no longer than the range from byte 0. Some S3 imitations get this wrong (s3rver
 * 3.7 answers `bytes=0-0` with the whole object), and passing such bytes on would break the
 * caller's Content-Length.
 */
function answersRange(range: ByteRange, contentRange?: string, contentLength?: number): boolean {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? '');
  if (match) {
    const [start, end, size] = match.slice(1).map(Number) as [number, number, number];
    return start === range.start && end === Math.min(range.end, size - 1);
  }
  return !contentRange && range.start === 0 && contentLength !== undefined
    ? contentLength <= range.end + 1
    : false;
}

/**
 * Storage in an S3-compatible bucket. Nothing is sent until a method is called; each method
 * checks the key first.
 * @throws RangeError (from the methods) on a bad key or range; the SDK's errors on failures
 *   other than a missing object (which gives null, false or nothing).
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    requestHandler: {
      connectionTimeout: config.timeoutsMs?.connection ?? S3_TIMEOUTS_MS.connection,
      socketTimeout: config.timeoutsMs?.socket ?? S3_TIMEOUTS_MS.socket,
    },
    // Checksums only where S3 requires them: several S3-compatible hosts reject or mangle the
    // SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  /** GetObject's body, or null when the object is missing. */
  async function getBody(key: string, range?: ByteRange) {
    try {
      const output = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!output.Body) throw new Error(`S3 returned no body for ${key}`);
      if (range && !answersRange(range, output.ContentRange, output.ContentLength)) {
        if (output.Body instanceof Readable) output.Body.destroy();
        throw new Error(
          `S3 answered ${output.ContentRange ?? `${output.ContentLength} bytes`} for ${key} ` +
            `when asked for bytes=${range.start}-${range.end}`,
        );
      }
      return output.Body;
    } catch (error) {
      if (isNotFound(error)) return null;
      if (range && isInvalidRange(error)) {
        throw new RangeError(`byte range ${range.start}-${range.end} starts past ${key}`);
      }
      throw error;
    }
  }

  /** HeadObject as a StoredObject, or null when the object is missing. */
  async function head(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const output = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        size: output.ContentLength ?? 0,
        etag: quoteEtag(output.ETag),
        lastModified: output.LastModified ?? new Date(0),
        contentType: output.ContentType ?? contentTypeFor(key),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertKey(key);
      const body = typeof data === 'string' ? Buffer.from(data) : data;
      try {
        // A PUT either stores the whole object or nothing.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentType: contentType ?? contentTypeFor(key),
          }),
        );
      } catch (error) {
        throw new StorageWriteError(key, error);
      }
    },
    async get(key) {
      assertKey(key);
      const body = await getBody(key);
      if (!body) return null;
      const bytes = await body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    head,
    async read(key, range) {
      assertKey(key);
      if (range) assertRange(range);
      const body = await getBody(key, range);
      if (!body) return null;
      // In Node the SDK's body is an http.IncomingMessage, which is a Readable.
      if (body instanceof Readable) return body;
      return Readable.fromWeb(body.transformToWebStream() as WebReadableStream);
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async delete(key) {
      assertKey(key);
      try {
        // S3 answers 204 for a key that is not there too.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
