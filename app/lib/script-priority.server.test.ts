import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowerModulePreloadPriority, modulePreloadPriorityStream } from './script-priority.server';

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n1"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/>' +
  '<link rel="modulepreload" href="/assets/chunk-def.js" nonce="n1"/>' +
  '<title>Sherwani – ₹45,000</title></head>';
const BODY =
  '<body><p>Kurta, सफ़ेद, ₹1,250</p>' +
  '<pre>&lt;link rel="modulepreload" href="/in-body-text"&gt;</pre>' +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

/** The page streamed through the transform in chunks of `size` bytes. */
async function streamed(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(modulePreloadPriorityStream()));
}

describe('module preload priority', () => {
  it('lowers every module preload without a priority and leaves other links alone', () => {
    const out = lowerModulePreloadPriority(HEAD);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(lowerModulePreloadPriority(out)).toBe(out);
    const high = '<link rel="modulepreload" fetchpriority="high" href="/x.js"/>';
    expect(lowerModulePreloadPriority(high)).toBe(high);
  });

  it.each([1, 2, 7, 64, 100_000])(
    'rewrites the head alone and keeps every byte, in chunks of %i bytes',
    async (size) => {
      const out = await streamed(HEAD + BODY, size);
      expect(out).toBe(lowerModulePreloadPriority(HEAD) + BODY);
      expect(out).toContain('₹45,000');
      expect(out).toContain('सफ़ेद');
    },
  );

  it('passes a page without a head through, rewriting what it holds back', async () => {
    const fragment = '<div>₹ no head here</div><link rel="modulepreload" href="/a.js"/>';
    expect(await streamed(fragment, 5)).toBe(lowerModulePreloadPriority(fragment));
  });
});
