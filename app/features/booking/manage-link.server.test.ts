import { describe, expect, it } from 'vitest';
import { manageToken, manageUrl, readManageToken } from './manage-link.server';

describe('appointment manage links', () => {
  const secret = 'a-test-secret';

  it('reads back the id it signed', () => {
    expect(readManageToken(secret, manageToken(secret, 42))).toBe(42);
    expect(manageUrl('https://shop.example', secret, 42)).toBe(
      `https://shop.example/book/manage/${manageToken(secret, 42)}`,
    );
  });

  it('refuses another id, another secret, and malformed tokens', () => {
    const [, sig] = manageToken(secret, 42).split('.');
    expect(readManageToken(secret, `43.${sig}`)).toBeNull();
    expect(readManageToken('another-secret', manageToken(secret, 42))).toBeNull();
    for (const bad of [
      '',
      '42',
      '42.',
      '0.abc',
      `042.${sig}`,
      `42.${sig}x`,
      '99999999999.' + sig,
    ]) {
      expect(readManageToken(secret, bad)).toBeNull();
    }
  });
});
