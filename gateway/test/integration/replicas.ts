import { freePort, httpOk, spawnTs, waitFor, type Managed } from '@app/stack';
import type { StackInfo } from '@app/testing';

/**
 * Extra gateway processes beside the tier's stack (same services, same NATS and prefix), each on its own port: what
 * several replicas behind a load balancer share, and what each keeps for itself.
 */
export interface Replica {
  name: string;
  url: string;
  process: Managed;
}

/** Distinct free ports: freePort() closes its probe, so calls in a row may be handed the same one. */
const taken = new Set<number>();
export async function distinctPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
}

/**
 * Starts a gateway replica with the stack's gateway settings, less TRUST_PROXY, plus `env`. Its limits are the stack's
 * (one stream each, shared by every replica): a replica started with other sizes changes them for the stack's gateway
 * too, until that one starts again (`restartProcess(stack, 'gateway')`).
 */
export async function startGatewayReplica(
  stack: StackInfo,
  name: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<Replica> {
  const { TRUST_PROXY: _t, ...gateway } = stack.env.gateway!;
  const listenOn = port ?? (await distinctPort());
  const process = spawnTs(
    name,
    'gateway/src/main.ts',
    // The stack's gateway holds its metrics port: any free one here.
    { ...gateway, PORT: String(listenOn), METRICS_PORT: '0', ...env },
    { kind: 'dir', dir: stack.logDir },
  );
  const url = `http://127.0.0.1:${listenOn}`;
  await waitFor(() => httpOk(`${url}/health`), `gateway replica ${name}`, 90_000);
  return { name, url, process };
}
