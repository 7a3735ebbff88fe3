import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * A stopping HTTP process loses no request. Closing a kept-alive connection that looks idle races with the caller,
 * which may be sending a request on it at that very moment (the request is lost: "other side closed", a 503 at the
 * gateway); and Fastify answers 503 to what comes on an open connection once it is closing. So, when a process stops
 * (SIGTERM, after the manifests' preStop delay took it out of its Service, which sends it no new connection): every
 * request is answered as usual with `Connection: close`, so the caller closes that connection itself; an idle
 * connection is left to its caller, who closes it before the keep-alive time the process announced
 * (`Keep-Alive: timeout=…`, which undici honours less 2 s). Once no connection is idle (or HTTP_DRAIN_MS has passed,
 * and the idle ones left are closed), the close goes on: the other close hooks, then the server, which waits for the
 * answers in progress.
 */

export const drainEnv = z.object({
  /**
   * How long an idle connection is kept open for the next request (announced to callers). Below HTTP_DRAIN_MS, so that
   * callers have closed their idle connections before a stopping process closes what is left; above the idle timeout
   * of whatever sits in front (the load balancer's connections to the gateway).
   */
  HTTP_KEEP_ALIVE_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
  /**
   * How long a stopping process keeps its open connections for the requests on them. 0: no drain (the idle ones are
   * closed at once, as a process that nobody calls during its stop can afford: the test stacks' restarts).
   */
  HTTP_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
});
export type DrainConfig = z.infer<typeof drainEnv>;

/** Fastify's options for a drain: the announced keep-alive, no 503 while closing, no connection closed at once. */
export function drainServerOptions(d: DrainConfig | undefined) {
  if (!d || d.HTTP_DRAIN_MS === 0) return d ? { keepAliveTimeout: d.HTTP_KEEP_ALIVE_MS } : {};
  return {
    keepAliveTimeout: d.HTTP_KEEP_ALIVE_MS,
    return503OnClosing: false,
    forceCloseConnections: false as const,
    // Fastify gives each start-up plugin and each close hook this long (10 s by default): the drain's hook waits up to
    // HTTP_DRAIN_MS.
    pluginTimeout: d.HTTP_DRAIN_MS + 10_000,
  };
}

/**
 * The drain's hooks: `Connection: close` on every answer once closing; the server stops listening (and Node closes
 * the connections then idle) only once every connection is closed, or HTTP_DRAIN_MS has passed.
 */
export function addDrain(app: FastifyInstance, d: DrainConfig | undefined): void {
  if (!d || d.HTTP_DRAIN_MS === 0) return;
  let draining = false;
  const open = new Set<Socket>();
  /** The connections with a request in progress: their answer closes them (it says `Connection: close`). */
  const busy = new Map<Socket, number>();
  const idle = () => [...open].filter((socket) => !busy.has(socket));
  let settled: (() => void) | undefined;
  const check = () => {
    if (draining && idle().length === 0) settled?.();
  };
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      busy.delete(socket);
      check();
    });
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) busy.set(socket, left);
      else busy.delete(socket);
      check();
    });
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // Done when no connection is idle: every one left has a request in progress, which the close waits for (after
  // the other close hooks: the gateway ends its live streams there). Past the deadline, the idle ones (or never used)
  // are closed.
  app.addHook('preClose', async () => {
    draining = true;
    if (idle().length > 0)
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, d.HTTP_DRAIN_MS);
        settled = () => {
          clearTimeout(deadline);
          resolve();
        };
      });
    for (const socket of idle()) socket.destroy();
  });
}
