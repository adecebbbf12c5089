import { describe, expect, it } from 'vitest';
import { registerSchema } from './forms';
import { fieldErrors } from '~/lib/forms';
import { loginPathFor, MESSAGES, returnPathOf, safeReturnPath } from './rules';
import { landingPath } from './session.server';
import {
  locationStaysOn,
  REDIRECT_PAYLOADS,
  REPORTED_REDIRECTS,
} from '../../../tests/support/redirect-payloads';

describe('return paths after signing in', () => {
  it('keeps plain paths on this site, with their query and hash', () => {
    expect(safeReturnPath('/checkout')).toBe('/checkout');
    expect(safeReturnPath('/wardrobe?category=fabrics#grid')).toBe(
      '/wardrobe?category=fabrics#grid',
    );
  });
  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/login',
    '/register',
    '/auth/',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
  it('keeps percent-encoded characters as a path on this site', () => {
    expect(safeReturnPath('/%0a/evil.example')).toBe('/%0a/evil.example');
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
  it('never returns a protocol-relative or absolute URL', () => {
    for (const value of ['//evil.example', 'https://evil.example', '/\\evil.example', '/\n/evil']) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
  it.each(REDIRECT_PAYLOADS)('never turns %j into a path that leaves the site', (value) => {
    const path = safeReturnPath(value);
    expect(path === null || locationStaysOn(path, 'http://shop.test')).toBe(true);
    // A kept path is a fixed point: checking it again keeps it as it is.
    if (path) expect(safeReturnPath(path)).toBe(path);
  });
  it.each(REPORTED_REDIRECTS)('refuses %j, which normalises to //evil.example', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
  it('builds the sign-in link with the return path', () => {
    expect(loginPathFor('/account')).toBe('/login?redirectTo=%2Faccount');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
  it("reads a request's redirectTo parameter as a safe return path", () => {
    const at = (url: string) => returnPathOf(new Request(`http://shop.test${url}`));
    expect(at('/login?redirectTo=%2Fcheckout%3Fstep%3D2')).toBe('/checkout?step=2');
    expect(at('/login?redirectTo=%2F%2Fevil.example')).toBeNull();
    expect(at('/register?redirectTo=%2Flogin')).toBeNull();
    expect(at('/login')).toBeNull();
  });
  it('lands administrators on /admin and others on / without a return path', () => {
    expect(landingPath({ role: 'admin' }, null)).toBe('/admin');
    expect(landingPath({ role: 'user' }, null)).toBe('/');
    // Issue 31 item 2: every staff role lands on the back office.
    expect(landingPath({ role: 'counter' }, null)).toBe('/admin');
    expect(landingPath({ role: 'workshop' }, '/')).toBe('/admin');
    expect(landingPath({ role: 'user' }, '/checkout')).toBe('/checkout');
    expect(landingPath({ role: 'admin' }, '/wardrobe')).toBe('/wardrobe');
  });
});

describe('the register form (SPEC.md section 5)', () => {
  const valid = {
    fullName: 'Raj Patel',
    email: 'Raj@Example.com ',
    password: 'secret1',
    confirmPassword: 'secret1',
    terms: 'on',
  };
  it('accepts a complete form and folds the e-mail to lower case', () => {
    const parsed = registerSchema.safeParse(valid);
    expect(parsed.success && parsed.data.email).toBe('raj@example.com');
  });
  it('answers each rule with its message', () => {
    const parsed = registerSchema.safeParse({
      fullName: '  ',
      email: 'raj@example',
      password: '12345',
      confirmPassword: '123456',
      terms: '',
    });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({
      fullName: MESSAGES.nameRequired,
      email: MESSAGES.emailInvalid,
      password: MESSAGES.passwordTooShort,
      confirmPassword: MESSAGES.passwordsDiffer,
      terms: MESSAGES.termsRequired,
    });
    const mismatch = registerSchema.safeParse({ ...valid, confirmPassword: 'secret2' });
    expect(fieldErrors(mismatch.error!)).toEqual({ confirmPassword: MESSAGES.passwordsDiffer });
  });
  it('refuses overlong fields instead of cutting them', () => {
    const parsed = registerSchema.safeParse({ ...valid, fullName: 'x'.repeat(101) });
    expect(fieldErrors(parsed.error!)).toEqual({ fullName: 'Name must be at most 100 characters' });
  });
});
