import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { answers } from '@app/stack';

export interface TestInfra {
  /** Server URL without a database name chosen (the tests create a throwaway database). */
  postgresBase: string;
  natsUrl: string;
  stop(): Promise<void>;
}

async function pgAnswers(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

function dockerAnswers(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Postgres and NATS for the tests: DATABASE_URL / NATS_URL, else the local servers, else Testcontainers when a
 * Docker engine answers; otherwise a message that says what to do. Never an in-memory fake.
 */
export async function resolveTestInfra(): Promise<TestInfra> {
  const stops: Array<() => Promise<unknown>> = [];
  let postgresBase = process.env.DATABASE_URL ? withDb(process.env.DATABASE_URL, 'postgres') : '';
  if (!postgresBase && (await pgAnswers('postgres://postgres@127.0.0.1:5432/postgres'))) {
    postgresBase = 'postgres://postgres@127.0.0.1:5432/postgres';
  }
  let natsUrl = process.env.NATS_URL ?? ((await answers(4222)) ? 'nats://127.0.0.1:4222' : '');

  if ((!postgresBase || !natsUrl) && dockerAnswers()) {
    const { GenericContainer, Wait } = await import('testcontainers');
    if (!postgresBase) {
      const c = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
        .start();
      stops.push(() => c.stop());
      postgresBase = `postgres://postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`;
    }
    if (!natsUrl) {
      const c = await new GenericContainer('nats:2.15.1-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .start();
      stops.push(() => c.stop());
      natsUrl = `nats://${c.getHost()}:${c.getMappedPort(4222)}`;
    }
  }
  if (!postgresBase || !natsUrl) {
    throw new Error(
      [
        'Os testes de integração precisam de Postgres e NATS (com JetStream) reais.',
        !postgresBase ? '  - Postgres: defina DATABASE_URL ou rode um servidor em 127.0.0.1:5432.' : '',
        !natsUrl ? '  - NATS: defina NATS_URL ou rode `nats-server -js` em 127.0.0.1:4222.' : '',
        '  Ou rode um Docker engine para que o Testcontainers os suba, ou use `bash .ci/run`, que instala tudo.',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  return { postgresBase, natsUrl, stop: async () => void (await Promise.all(stops.map((s) => s()))) };
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
