import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.server';

describe('configuration', () => {
  it('fills defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
  });
  it('names each bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT: must be a port number/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
      expect((error as Error).message).toMatch(/PUBLIC_URL/);
    }
  });
  it('treats empty strings as unset and trims a trailing slash of PUBLIC_URL', () => {
    const env = parseEnv({ PORT: '', PUBLIC_URL: 'https://shop.example/' });
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('https://shop.example');
  });
  it('requires BETTER_AUTH_SECRET in production on a public origin only', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' })).toThrow(
      /BETTER_AUTH_SECRET: is required in production/,
    );
    expect(parseEnv({ NODE_ENV: 'production' }).BETTER_AUTH_SECRET).toBeUndefined();
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3210' }).NODE_ENV).toBe(
      'production',
    );
    expect(() => parseEnv({ BETTER_AUTH_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });
});
