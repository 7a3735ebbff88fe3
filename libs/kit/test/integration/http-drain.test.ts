import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createHttpApp,
  createLogger,
  drainEnv,
  drainServerOptions,
  type DrainConfig,
} from '../../src/index.js';

/**
 * A stopping process loses no request on a kept-alive connection (src/http-drain.ts): what comes on an open connection
 * while it closes is answered as usual, with `Connection: close`, and the server stops once its callers have closed
 * their connections, or once HTTP_DRAIN_MS has passed. Real sockets on the loopback; nothing is timed.
 */
const logger = createLogger('drain-test', 'silent');

async function appWith(drain: DrainConfig) {
  const app = createHttpApp({ logger, drain });
  app.get('/ok', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port };
}

/** GET through `agent` (one kept-alive socket): the status and the Connection header of the answer. */
function get(port: number, agent: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/ok', agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    req.once('error', reject);
  });
}

describe('the drain of a stopping HTTP process', () => {
  it('answers what comes on an open connection while it closes, with Connection: close, then stops', async () => {
    const { app, port } = await appWith(drainEnv.parse({ HTTP_DRAIN_MS: '120000' }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port, agent)).toEqual({ status: 200, connection: 'keep-alive' });
    const sockets = () =>
      Object.values(agent.sockets).flat().length + Object.values(agent.freeSockets).flat().length;
    expect(sockets()).toBe(1);

    const closed = app.close();
    // Until the drain has begun the answer may still keep the connection; from then on it closes it. Never a 503.
    let answer = await get(port, agent);
    while (answer.connection !== 'close') {
      expect(answer.status).toBe(200);
      answer = await get(port, agent);
    }
    expect(answer.status).toBe(200);
    // The caller closed its connection after that answer: the server stops long before its deadline.
    await closed;
    expect(app.server.listening).toBe(false);
    agent.destroy();
  });

  it('is not held by a long answer: the close hooks after it end it (the gateway’s live streams)', async () => {
    const app = createHttpApp({ logger, drain: drainEnv.parse({ HTTP_DRAIN_MS: '120000' }) });
    const streams = new Set<http.ServerResponse>();
    app.get('/live', (_req, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write(': open\n\n');
      streams.add(reply.raw);
      reply.hijack();
    });
    app.addHook('preClose', async () => {
      for (const s of streams) s.end();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const opened = new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port, path: '/live', agent }, resolve),
    );
    const res = await opened;
    res.resume();
    const ended = new Promise((resolve) => res.once('end', resolve));
    await app.close();
    await ended;
    agent.destroy();
  });

  it('closes at HTTP_DRAIN_MS a connection its caller keeps idle', async () => {
    const { app, port } = await appWith(drainEnv.parse({ HTTP_DRAIN_MS: '50' }));
    const idle = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const ended = new Promise((resolve) => idle.once('close', resolve));
    await app.close();
    await ended;
    expect(idle.destroyed).toBe(true);
  });

  it('announces its keep-alive, below the drain, and gives its close hooks longer than the drain', async () => {
    const config = drainEnv.parse({});
    expect(config.HTTP_KEEP_ALIVE_MS).toBeLessThan(config.HTTP_DRAIN_MS);
    expect(drainServerOptions(config).pluginTimeout).toBeGreaterThan(config.HTTP_DRAIN_MS);
    const { app, port } = await appWith(config);
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | undefined>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: '/ok', agent }, (res) => {
          res.resume();
          res.once('end', () => resolve(String(res.headers['keep-alive'])));
        })
        .once('error', reject),
    );
    expect(keepAlive).toBe(`timeout=${config.HTTP_KEEP_ALIVE_MS / 1000}`);
    agent.destroy();
    await app.close();
  });
});
