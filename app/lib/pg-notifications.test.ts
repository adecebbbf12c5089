import { describe, expect, it } from 'vitest';
import { NotificationScanner } from './pg-notifications';

function message(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function notification(channel: string, payload: string): Uint8Array {
  const encoder = new TextEncoder();
  const text = encoder.encode(`${channel}\0${payload}\0`);
  const body = new Uint8Array(4 + text.length);
  new DataView(body.buffer).setInt32(0, 42);
  body.set(text, 4);
  return message('A', body);
}

const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

describe('NotificationScanner', () => {
  it('finds notifications among other messages', () => {
    const seen: [string, string][] = [];
    const scanner = new NotificationScanner((channel, payload) => seen.push([channel, payload]));
    scanner.push(
      join(
        message('C', new TextEncoder().encode('UPDATE 1\0')),
        notification('catalogue', '{"table":"categories"}'),
        message('Z', new Uint8Array([73])),
      ),
    );
    expect(seen).toEqual([['catalogue', '{"table":"categories"}']]);
  });

  it('completes a message split across chunks', () => {
    const seen: string[] = [];
    const scanner = new NotificationScanner((_channel, payload) => seen.push(payload));
    const whole = join(notification('catalogue', 'ünïcode'), notification('catalogue', 'two'));
    for (let i = 0; i < whole.length; i += 3) scanner.push(whole.subarray(i, i + 3));
    expect(seen).toEqual(['ünïcode', 'two']);
  });

  it('ignores garbage without throwing', () => {
    const scanner = new NotificationScanner(() => {
      throw new Error('no notification expected');
    });
    expect(() => scanner.push(new Uint8Array([0x41, 0, 0, 0, 1, 9, 9]))).not.toThrow();
  });
});
