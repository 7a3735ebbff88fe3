import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a Kubernetes Service in front of a Deployment's pods (kube-proxy): a TCP balancer that hands each new
 * connection to the next of its endpoints in turn and pipes it, bytes untouched. Changing the endpoints (a pod ready,
 * a pod terminating) changes where new connections go; a connection already made stays with its pod until one side
 * closes it, as with kube-proxy.
 */
export interface Balancer {
  /** `http://127.0.0.1:<port>`: what the callers are given instead of a pod's address. */
  url: string;
  /** The endpoints new connections go to (each `http://host:port`). */
  setEndpoints(urls: readonly string[]): void;
  /** Connections opened to an endpoint that refused them: with endpoints kept current, none. */
  refused(): number;
  close(): Promise<void>;
}

export async function startBalancer(endpoints: readonly string[]): Promise<Balancer> {
  let targets = endpoints.map((u) => new URL(u));
  let next = 0;
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const target = targets[next++ % Math.max(1, targets.length)];
    if (!target) return void client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    }
    upstream.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') refused++;
      client.destroy();
    });
    client.once('error', () => upstream.destroy());
    // A half-close is passed on (an HTTP client may end its side first), and a close either way ends the pair.
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setEndpoints: (urls) => {
      targets = urls.map((u) => new URL(u));
    },
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
