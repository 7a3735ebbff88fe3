import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, databaseEnv, loadConfig, natsCredentials, processEnv } from '../../src/config.js';

/** A service with a database reads these (kit service.ts: defineService). */
const serviceEnv = processEnv.extend(databaseEnv.shape);

const good = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  NATS_URL: 'nats://127.0.0.1:4222',
  INTERNAL_SECRET: 's'.repeat(32),
  PORT: '3001',
};

describe('loadConfig', () => {
  it('answers a frozen, typed object with defaults applied', () => {
    const config = loadConfig(serviceEnv, good);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every missing variable', () => {
    const error = (() => {
      try {
        loadConfig(serviceEnv, { NATS_URL: good.NATS_URL, PORT: good.PORT });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      'INTERNAL_SECRET is required but not set',
      'DATABASE_URL is required but not set',
    ]);
    expect(error!.message).toContain('DATABASE_URL');
  });

  it('names a variable with a bad value and says what is wrong', () => {
    expect(() => loadConfig(serviceEnv, { ...good, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: /);
    expect(() => loadConfig(serviceEnv, { ...good, INTERNAL_SECRET: 'short' })).toThrow(/INTERNAL_SECRET: /);
    expect(() => loadConfig(serviceEnv, { ...good, PORT: 'abc' })).toThrow(/PORT: /);
  });
});

describe('loadConfig in production', () => {
  const schema = serviceEnv.extend({
    JWT_SECRET: z.string().min(32),
    ADMIN_PASSWORD: z.string().min(6),
    MP_ACCESS_TOKEN: z.string().min(1).optional(),
  });
  const production = {
    ...good,
    NODE_ENV: 'production',
    JWT_SECRET: 'k'.repeat(40),
    ADMIN_PASSWORD: 'uma-senha-forte',
    MP_ACCESS_TOKEN: 'APP_USR-123',
  };
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(schema, env);
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it('starts with real secrets', () => {
    expect(problems(production)).toEqual([]);
  });

  it('refuses a missing secret, naming it, even where development makes it optional', () => {
    expect(problems({ ...production, MP_ACCESS_TOKEN: undefined })).toEqual([
      'MP_ACCESS_TOKEN is required in production',
    ]);
  });

  it('refuses development values, naming each variable', () => {
    expect(
      problems({
        ...production,
        INTERNAL_SECRET: 'compose-internal-secret-change-me-0123456789',
        ADMIN_PASSWORD: 'admin123',
        MP_ACCESS_TOKEN: 'TEST-dev-providers',
      }),
    ).toEqual([
      'INTERNAL_SECRET: a development value is refused in production',
      'MP_ACCESS_TOKEN: a development value is refused in production',
      'ADMIN_PASSWORD: a development value is refused in production',
    ]);
  });

  it('accepts the same development values outside production', () => {
    expect(problems({ ...production, NODE_ENV: 'development', ADMIN_PASSWORD: 'admin123' })).toEqual([]);
  });
});

describe('loadConfig with empty variables', () => {
  it('treats an empty variable as unset: defaults apply and optional ones stay undefined', () => {
    const schema = serviceEnv.extend({ MP_BASE_URL: z.url().optional() });
    const config = loadConfig(schema, { ...good, MP_BASE_URL: '', PUBLIC_URL: '' });
    expect(config.MP_BASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });
});

describe('NATS credentials and TLS', () => {
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(serviceEnv, { ...good, ...env });
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it('takes a user with its password, and the TLS files, into the connection options', () => {
    const config = loadConfig(serviceEnv, {
      ...good,
      NATS_USER: 'pdf-worker',
      NATS_PASSWORD: 'a-long-password',
      NATS_TLS_CA: '/etc/nats-tls/ca.crt',
    });
    expect(natsCredentials(config)).toEqual({
      user: 'pdf-worker',
      pass: 'a-long-password',
      tls: { caFile: '/etc/nats-tls/ca.crt' },
    });
    expect(natsCredentials(loadConfig(serviceEnv, good))).toEqual({});
  });

  it('refuses a user without a password, a password without a user, a certificate without its key', () => {
    expect(problems({ NATS_USER: 'auth' })).toEqual(['NATS_PASSWORD is required when NATS_USER is set']);
    expect(problems({ NATS_PASSWORD: 'a-long-password' })).toEqual([
      'NATS_USER is required when NATS_PASSWORD is set',
    ]);
    expect(problems({ NATS_TLS_CERT: '/c.pem' })).toEqual([
      'NATS_TLS_KEY is required when NATS_TLS_CERT is set',
    ]);
    expect(problems({ NATS_USER: 'Auth Service', NATS_PASSWORD: 'short' })).toEqual([
      expect.stringMatching(/^NATS_USER: /),
      expect.stringMatching(/^NATS_PASSWORD: /),
    ]);
  });

  it('never shows the password in a problem', () => {
    const text = problems({ NATS_USER: 'auth', NATS_PASSWORD: 'x1' }).join('\n');
    expect(text).toContain('NATS_PASSWORD');
    expect(text).not.toContain('x1');
  });
});
