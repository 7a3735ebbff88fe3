import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseServiceEnv, ConfigError, loadConfig } from '../../src/config.js';

const good = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  NATS_URL: 'nats://127.0.0.1:4222',
  INTERNAL_SECRET: 's'.repeat(32),
};

describe('loadConfig', () => {
  it('answers a frozen, typed object with defaults applied', () => {
    const config = loadConfig(baseServiceEnv, good);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every missing variable', () => {
    const error = (() => {
      try {
        loadConfig(baseServiceEnv, { NATS_URL: good.NATS_URL });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      'DATABASE_URL is required but not set',
      'INTERNAL_SECRET is required but not set',
    ]);
    expect(error!.message).toContain('DATABASE_URL');
  });

  it('names a variable with a bad value and says what is wrong', () => {
    expect(() => loadConfig(baseServiceEnv, { ...good, DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: /,
    );
    expect(() => loadConfig(baseServiceEnv, { ...good, INTERNAL_SECRET: 'short' })).toThrow(
      /INTERNAL_SECRET: /,
    );
    expect(() =>
      loadConfig(baseServiceEnv.extend({ PORT: z.coerce.number().int() }), { ...good, PORT: 'abc' }),
    ).toThrow(/PORT: /);
  });
});
