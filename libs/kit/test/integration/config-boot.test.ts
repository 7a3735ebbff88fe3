import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '@app/stack';

describe('a service with a bad environment', () => {
  it('stops at boot with a message naming the missing variable', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', fromRoot('services/billing/src/main.ts')], {
      cwd: fromRoot('services/billing'),
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
        INTERNAL_SECRET: 'x'.repeat(40),
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('NATS_URL is required but not set');
  });
});
