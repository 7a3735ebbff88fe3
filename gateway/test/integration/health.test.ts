import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminStats,
  createPage,
  downloadPage,
  getEmailSettings,
  login,
  PlatformMessages,
} from '@app/contracts';
import { waitFor } from '@app/stack';
import {
  adminToken,
  buyPage,
  call,
  controlProcess,
  defaultPageRequest,
  download,
  fundedMember,
  restartProcess,
  waitForThumbnail,
} from '@app/testing';
import { fakeBuild } from './fake-web-build.js';

interface Readiness {
  status: 'ready' | 'not-ready';
  checks: Record<string, boolean>;
  dependencies: Record<string, boolean>;
  degraded?: string[];
}

/**
 * The gateway of the tier's stack: its probes, and the site with services down. The gateway is ready while it serves;
 * a service that is down takes only its own routes (503, the envelope, a pt-BR message), never the site.
 */
describe('gateway /health and /ready, and the site with mail and admin-stats down (the stack of this tier)', () => {
  const stack = inject('stack');
  const control = (process: string, action: 'stop' | 'start') => controlProcess(stack, process, action);
  const readiness = async () => {
    const res = await fetch(`${stack.gatewayUrl}/ready`, { signal: AbortSignal.timeout(5000) });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: (await res.json()) as Readiness,
    };
  };
  /** Polls /ready until `accept` holds (no fixed wait), then returns that answer. */
  const readinessWhen = async (
    accept: (r: Awaited<ReturnType<typeof readiness>>) => boolean,
    what: string,
  ) => {
    let last: Awaited<ReturnType<typeof readiness>> | undefined;
    try {
      await waitFor(
        async () => {
          last = await readiness();
          return accept(last);
        },
        what,
        60_000,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}; last answer: ${JSON.stringify(last)}`);
    }
    return last!;
  };
  const stopped = new Set<string>();
  let web: string | undefined;

  beforeAll(async () => {
    // The gateway serves a web build of its own here (the tier does not build web/): the SPA and a free sample.
    web = await mkdtemp(path.join(tmpdir(), 'gateway-degraded-web-'));
    await fakeBuild(web);
    await restartProcess(stack, 'gateway', { WEB_DIST: web });
  }, 120_000);

  afterAll(async () => {
    // Whatever happened above, leave the stack whole for the next files.
    for (const name of stopped) await control(name, 'start');
    await restartProcess(stack, 'gateway', {});
    await readinessWhen((r) => r.status === 200 && !r.body.degraded, 'every upstream to be back');
    if (web) await rm(web, { recursive: true, force: true });
  }, 180_000);

  it('/health answers JSON 200 while the process runs (not the SPA)', async () => {
    const res = await fetch(`${stack.gatewayUrl}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/ready answers 200 and reports NATS and every upstream up', async () => {
    const ready = await readinessWhen((r) => r.status === 200 && !r.body.degraded, 'every upstream up');
    expect(ready.type).toMatch(/^application\/json/);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: {},
      dependencies: {
        nats: true,
        auth: true,
        billing: true,
        pages: true,
        mail: true,
        'admin-stats': true,
        classroom: true,
      },
    });
  });

  it('with mail and admin-stats stopped: /ready stays 200, the SPA, samples, sign-in, generate and buy work, their own routes answer 503', async () => {
    // A member with a balance, made while mail is up (sign-up sends the activation mail).
    const member = await fundedMember(stack, 10);
    const admin = await adminToken(stack);

    for (const name of ['mail', 'admin-stats']) {
      await control(name, 'stop');
      stopped.add(name);
    }
    const degraded = await readinessWhen(
      (r) => r.body.degraded?.length === 2,
      'the gateway to notice mail and admin-stats are down',
    );
    expect(degraded.status).toBe(200);
    expect(degraded.body.status).toBe('ready');
    expect(degraded.body.degraded).toEqual(['mail', 'admin-stats']);
    expect(degraded.body.dependencies).toMatchObject({ nats: true, auth: true, billing: true, pages: true });

    // The SPA and a free sample.
    const home = await fetch(`${stack.gatewayUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const sample = await fetch(`${stack.gatewayUrl}/samples/matematica_facil_1.pdf`);
    expect(sample.status).toBe(200);

    // Sign in, generate, buy, download.
    const signedIn = await call<{ token: string }>(stack.gatewayUrl, login, {
      body: { email: member.email, password: member.password },
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = signedIn.body.payload!.token;
    const page = await call<string>(stack.gatewayUrl, createPage, { token, body: defaultPageRequest });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const code = page.body.payload!;
    expect((await waitForThumbnail(stack, token, code, 60_000)).status).toBe(200);
    const bought = await buyPage(stack, token, code);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await download(stack.gatewayUrl, downloadPage, { code }, token)).status).toBe(200);

    // The routes of the services that are down: 503, the envelope, the pt-BR message; nothing else.
    for (const route of [adminStats, getEmailSettings]) {
      const res = await call(stack.gatewayUrl, route, { token: admin });
      expect(res.status, route.path).toBe(503);
      expect(res.body).toEqual({
        status: 'ERROR',
        message: PlatformMessages.unavailable,
        payload: null,
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    // /health is liveness only: a down upstream must not get the gateway restarted.
    expect((await fetch(`${stack.gatewayUrl}/health`)).status).toBe(200);

    // Back: the control endpoint answers once each one's own /ready does.
    for (const name of ['mail', 'admin-stats']) {
      await control(name, 'start');
      stopped.delete(name);
    }
    const back = await readinessWhen((r) => !r.body.degraded, 'the gateway to see them back');
    expect(back.status).toBe(200);
  }, 240_000);
});
