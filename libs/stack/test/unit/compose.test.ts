import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { busPasswordVariable, PROCESS_NAMES, SERVICE_NAMES } from '@app/contracts';
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

/** The same file with YAML merge keys (`<<: *ready`) applied, as docker compose reads it. */
interface Service {
  image?: string;
  build?: { dockerfile?: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  container_name?: string;
  restart?: string;
  healthcheck?: { test?: string[] };
  depends_on?: string[] | Record<string, { condition?: string }>;
  profiles?: string[];
  deploy?: { replicas?: number };
}
const services = (parse(text, { merge: true }) as { services: Record<string, Service> }).services;
/** Containers that run once and exit (migrations, seeders): none today. They get neither a healthcheck nor a restart. */
const ONE_SHOT = new Set<string>();
/** Our processes behind the gateway: any of them may run as several containers. */
const SCALABLE: readonly string[] = SERVICE_NAMES;

describe('docker-compose.yml survives a cold start and scales', () => {
  it('gives every long-running service a healthcheck and a restart policy', () => {
    for (const [name, s] of Object.entries(services)) {
      if (ONE_SHOT.has(name)) continue;
      expect(s.healthcheck?.test?.length, `${name} healthcheck`).toBeGreaterThan(0);
      expect(s.restart, `${name} restart`).toBe('unless-stopped');
    }
  });

  it('checks each of our processes on /ready at its own PORT, with what its image has (node, no curl)', () => {
    for (const name of [...SCALABLE, 'gateway']) {
      const s = services[name]!;
      const port = s.environment?.PORT;
      expect(port, `${name} PORT`).toBeTruthy();
      const test = s.healthcheck!.test!;
      expect(test.slice(0, 3), name).toEqual(['CMD', 'node', '-e']);
      expect(test[3], name).toContain(`fetch('http://127.0.0.1:${port}/ready')`);
      // Fails (exit 1) on a non-2xx answer and on no answer at all.
      expect(test[3], name).toMatch(/process\.exit\(r\.ok\?0:1\),\(\)=>process\.exit\(1\)/);
    }
    expect(services.postgres!.healthcheck!.test).toContain('pg_isready');
  });

  it('starts a service only once what it depends on is healthy', () => {
    let edges = 0;
    for (const [name, s] of Object.entries(services)) {
      if (!s.depends_on) continue;
      expect(Array.isArray(s.depends_on), `${name}: the short form waits for "started" only`).toBe(false);
      for (const [dependency, condition] of Object.entries(s.depends_on)) {
        expect(condition.condition, `${name} → ${dependency}`).toBe('service_healthy');
        expect(
          services[dependency]?.healthcheck,
          `${dependency} (needed by ${name}) healthcheck`,
        ).toBeTruthy();
        edges++;
      }
    }
    expect(edges).toBeGreaterThan(10);
    for (const name of SCALABLE)
      expect(Object.keys(services[name]!.depends_on ?? {}), name).toEqual(
        expect.arrayContaining(services[name]!.environment?.DATABASE_URL ? ['postgres', 'nats'] : ['nats']),
      );
    expect(Object.keys(services.gateway!.depends_on ?? {})).toEqual(expect.arrayContaining(['nats', 'auth']));
  });

  it('lets services scale: no container_name anywhere, no fixed host port on any that may run several times', () => {
    for (const [name, s] of Object.entries(services))
      expect(s.container_name, `${name} container_name`).toBeUndefined();
    const mayScale = Object.entries(services)
      .filter(([name, s]) => SCALABLE.includes(name) || (s.deploy?.replicas ?? 1) > 1)
      .map(([name]) => name);
    expect(mayScale).toEqual(expect.arrayContaining(['pdf-worker']));
    for (const name of mayScale) expect(services[name]!.ports ?? [], `${name} ports`).toEqual([]);
  });

  it('runs NATS with JetStream and its monitoring port inside the network, healthy once JetStream is', () => {
    const nats = services.nats!;
    const command = nats.command ?? [];
    expect(command).toContain('-js');
    expect(command[command.indexOf('-m') + 1]).toBe('8222');
    expect(command.indexOf('-m')).toBeGreaterThanOrEqual(0);
    expect(nats.expose?.map(String)).toContain('8222');
    // Monitoring is never published on the host.
    expect((nats.ports ?? []).some((p) => String(p).includes('8222'))).toBe(false);
    expect(nats.healthcheck!.test!.join(' ')).toContain('http://localhost:8222/healthz?js-enabled-only=true');
  });

  it('runs no Redis (the limits are shared through NATS) and passes TRUST_PROXY through from .env', () => {
    expect(services.redis).toBeUndefined();
    expect(services.gateway!.environment).toMatchObject({ TRUST_PROXY: '${TRUST_PROXY:-}' });
    expect(services.gateway!.environment).not.toHaveProperty('REDIS_URL');
    expect(template).not.toMatch(/REDIS_URL/);
  });

  it("runs the bus with the contracts' users: each process as its own, every password required from .env", () => {
    const nats = compose.services.nats as { environment?: Record<string, string>; volumes?: string[] };
    expect(nats.volumes).toContain(
      './deploy/k8s/base/nats/authorization.conf:/etc/nats/authorization.conf:ro',
    );
    for (const p of PROCESS_NAMES) {
      const variable = busPasswordVariable(p);
      const required = `\${${variable}:?set ${variable} in .env}`;
      expect(compose.services[p]!.environment, p).toMatchObject({ NATS_USER: p, NATS_PASSWORD: required });
      expect(nats.environment?.[variable], variable).toBe(required);
      expect(template, variable).toMatch(new RegExp(`^${variable}=$`, 'm'));
    }
  });
});
