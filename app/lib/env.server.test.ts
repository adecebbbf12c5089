import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, sandboxAllowed } from './env.server';

describe('configuration', () => {
  it('fills defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
  });
  it('listens on 127.0.0.1 by default, and on every interface once PUBLIC_URL is public', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'production' }).HOST).toBe('127.0.0.1');
    const secret = 'x'.repeat(32);
    expect(parseEnv({ PUBLIC_URL: 'https://shop.example', BETTER_AUTH_SECRET: secret }).HOST).toBe(
      '0.0.0.0',
    );
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
  it('allows the sandbox in production only on a loopback-only server or when asked for', () => {
    const production = (extra: Record<string, string>) =>
      parseEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32), ...extra });
    // A newcomer's `npm start`: reachable from this machine only.
    expect(sandboxAllowed(production({}))).toBe(true);
    // The same start opened to the network (the attack review's free shop).
    expect(sandboxAllowed(production({ HOST: '0.0.0.0' }))).toBe(false);
    expect(sandboxAllowed(production({ HOST: '::' }))).toBe(false);
    expect(sandboxAllowed(production({ PUBLIC_URL: 'https://shop.example' }))).toBe(false);
    expect(
      sandboxAllowed(production({ PUBLIC_URL: 'https://shop.example', HOST: '127.0.0.1' })),
    ).toBe(false);
    // Asked for on purpose (a staging server).
    expect(sandboxAllowed(production({ HOST: '0.0.0.0', PAYMENT_PROVIDER: 'sandbox' }))).toBe(true);
    expect(sandboxAllowed(parseEnv({ HOST: '0.0.0.0' }))).toBe(true);
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

  describe('the S3 bucket', () => {
    const s3 = {
      S3_BUCKET: 'shop-uploads',
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/example+key',
    };

    it('is unset without any S3_* variable (local uploads)', () => {
      expect(parseEnv({}).S3).toBeUndefined();
      expect(parseEnv({ S3_BUCKET: '', S3_REGION: '' }).S3).toBeUndefined();
    });

    it('gathers all five variables into env.S3', () => {
      expect(parseEnv(s3).S3).toEqual({
        bucket: 'shop-uploads',
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        region: 'eu-central-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret/example+key',
      });
    });

    it('refuses some but not all, naming each missing variable', () => {
      const { S3_REGION: _region, S3_SECRET_ACCESS_KEY: _secret, ...partial } = s3;
      expect(() => parseEnv(partial)).toThrow(EnvError);
      let message = '';
      try {
        parseEnv({ ...partial, PORT: 'eighty' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/PORT: must be a port number/);
      expect(message).toMatch(
        /S3_REGION: is required when S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID are set/,
      );
      expect(message).toMatch(/S3_SECRET_ACCESS_KEY: is required/);
      expect(message).not.toMatch(/S3_BUCKET:|S3_ENDPOINT:|S3_ACCESS_KEY_ID:/);
      expect(() => parseEnv({ S3_BUCKET: 'shop-uploads' })).toThrow(
        /S3_ENDPOINT: is required when S3_BUCKET is set/,
      );
    });

    it('wants S3_ENDPOINT to be an http(s) URL', () => {
      expect(() => parseEnv({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT: must be/);
      expect(() => parseEnv({ ...s3, S3_ENDPOINT: 'ftp://files.example' })).toThrow(
        /S3_ENDPOINT: must start with http:\/\/ or https:\/\//,
      );
    });
  });
});
