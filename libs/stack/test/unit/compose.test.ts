import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SECRET_VARIABLES } from '@app/kit';
import { fromRoot } from '../../src/paths.js';

/** docker-compose.yml is configured from `.env` only: no secret has a fallback, no stand-in setting is fixed. */
const text = readFileSync(fromRoot('docker-compose.yml'), 'utf8');
const compose = parse(text) as { services: Record<string, { environment?: Record<string, string> }> };
const template = readFileSync(fromRoot('deploy/compose.env.example'), 'utf8');
const references = [...text.matchAll(/\$\{(\w+)(:?[-?])?([^}]*)\}/g)].map(([, name, op, rest]) => ({
  name: name!,
  op: op ?? '',
  rest: rest ?? '',
}));

describe('docker-compose.yml', () => {
  it('takes every secret from .env, required, without a default', () => {
    for (const ref of references.filter((r) => (SECRET_VARIABLES as readonly string[]).includes(r.name))) {
      expect(ref.op, ref.name).toBe(':?');
    }
    expect(references.filter((r) => r.name === 'POSTGRES_PASSWORD').every((r) => r.op === ':?')).toBe(true);
  });

  it('fixes no stand-in setting or development credential', () => {
    expect(text).not.toMatch(/TEST-dev-providers|dev-google-client-id|change-me|admin123/);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (
          /^(MP_BASE_URL|GOOGLE_CERTS_URL|GOOGLE_ISSUER|DEV_PROVIDERS_URL)$/.test(key) &&
          name !== 'dev-providers'
        ) {
          expect(value, `${name}.${key}`).toMatch(/^\$\{\w+:-\}$/);
        }
      }
    }
  });

  it('gives the gateway what the web needs from the providers', () => {
    expect(compose.services.gateway!.environment).toMatchObject({
      GOOGLE_CLIENT_ID: '${GOOGLE_CLIENT_ID:-}',
      MP_PUBLIC_KEY: '${MP_PUBLIC_KEY:-}',
    });
  });

  it('documents every variable it reads in deploy/compose.env.example', () => {
    for (const { name } of references) expect(template, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
