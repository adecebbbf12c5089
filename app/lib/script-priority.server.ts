/**
 * Lowers the fetch priority of the page's module preloads, so that on a slow network the
 * stylesheet, the logo and the LCP image are not queued behind some 200 KB of hydration
 * scripts (issue "Performance budget": LCP <= 2.0 s on Lighthouse's slow 4G).
 *
 * The page is rendered on the server and readable before any script runs; the scripts only
 * make it interactive. React Router's `<Scripts>` emits `<link rel="modulepreload">` for the
 * entry and every chunk of the matched routes, which Chrome fetches at High priority, level
 * with the stylesheet. `fetchpriority="low"` keeps them preloaded and parallel (no import
 * waterfall) but lets the browser give the bandwidth to what paints first.
 */
import { Transform, type TransformCallback } from 'node:stream';

const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;
const HEAD_END = '</head>';
/** The most the transform holds back while looking for `</head>` (bytes). */
const MAX_HEAD_BYTES = 256 * 1024;

/** `html` with `fetchpriority="low"` on every module preload link that has no priority yet. */
export function lowerModulePreloadPriority(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * A stream of the page's HTML that rewrites the module preloads of its `<head>` (see
 * `lowerModulePreloadPriority`) and passes the rest through untouched. It holds back what
 * arrives until `</head>` has been seen (so a link split across two chunks is still found),
 * or until 256 KB have arrived, then stops looking: links are only rewritten in the head.
 */
export function modulePreloadPriorityStream(): Transform {
  // Bytes, not strings, until the cut: a chunk may end inside a multi-byte character, and
  // `</head>` (ASCII) is a safe place to decode up to.
  let pending = Buffer.alloc(0);
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      if (headDone) {
        callback(null, chunk);
        return;
      }
      pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      const end = pending.indexOf(HEAD_END);
      if (end === -1 && pending.length < MAX_HEAD_BYTES) {
        callback();
        return;
      }
      headDone = true;
      const cut = end === -1 ? lastCompleteTag(pending) : end + HEAD_END.length;
      const head = lowerModulePreloadPriority(pending.subarray(0, cut).toString('utf8'));
      const rest = pending.subarray(cut);
      pending = Buffer.alloc(0);
      callback(null, Buffer.concat([Buffer.from(head), rest]));
    },
    flush(callback: TransformCallback) {
      callback(
        null,
        pending.length
          ? Buffer.from(lowerModulePreloadPriority(pending.toString('utf8')))
          : undefined,
      );
    },
  });
}

/** Where to cut a head with no `</head>` in sight: after its last `>` (an ASCII byte). */
function lastCompleteTag(bytes: Buffer): number {
  const index = bytes.lastIndexOf('>');
  return index === -1 ? 0 : index + 1;
}
