import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminStats,
  createPage,
  getEmailSettings,
  getBalance,
  getMyPages,
  getTurmas,
  getUser,
  PROCESSES,
  RENDER_CONSUMERS,
  renderFiles,
  SERVICE_NAMES,
  UPSTREAMS,
  upstreamUrlVariable,
  type ApiRoute,
  type ProcessName,
  type Upstream,
} from '@app/contracts';
import { drainEnv, type Bus, type FileStore } from '@app/kit';
import {
  adminToken,
  call,
  connectBus,
  controlProcess,
  createActiveUser,
  defaultPageRequest,
  eventually,
  startBalancer,
  startTestStack,
  waitUntilConsumed,
  type Balancer,
  type RunningTestStack,
  type StackInfo,
} from '../../src/index.js';

/**
 * A rolling update loses nothing. Each process is rolled, one replica at a time, as a Deployment's rollout does it
 * (maxSurge 1, maxUnavailable 0): a new replica is started and, once ready, takes the old one's place behind its
 * Service (a TCP balancer standing in for kube-proxy), then the old one is stopped with SIGTERM after it left the
 * Service's endpoints (what the manifests' preStop delay waits for). All the while, callers send a steady load through
 * the gateway's Service: reads that cross every upstream, and pages whose previews the workers draw. Counted: every
 * request answered below 500 (none refused, reset or cut), and every preview job done (each page's preview stored,
 * the render queues drained); nothing is timed.
 */
let running: RunningTestStack;
let stack: StackInfo;
let bus: Bus;
let files: FileStore;
/** The gateway's Service (what callers reach), and each upstream's (what the gateways reach). */
let front: Balancer;
const services = new Map<Upstream, Balancer>();
/** The replica of each process in service now (its `as` in the stack), and its address. */
const current = new Map<ProcessName, { as: string; url: string }>();

beforeAll(async () => {
  // The production drain (the tier's stacks have none).
  running = await startTestStack('rolling', {
    HTTP_DRAIN_MS: String(drainEnv.shape.HTTP_DRAIN_MS.parse(undefined)),
  });
  stack = running.info;
  bus = await connectBus(stack, 'rolling-update-test');
  files = await bus.fileStore('RENDERS');
  for (const name of UPSTREAMS) {
    const url = `http://127.0.0.1:${stack.env[name]!.PORT}`;
    services.set(name, await startBalancer([url]));
    current.set(name, { as: name, url });
  }
  // The gateway in service reaches every upstream through its Service; the stack's own gateway stands aside.
  const gateway = await running.startReplica('gateway', 'gateway-1', upstreamsThroughServices());
  await controlProcess(stack, 'gateway', 'stop');
  front = await startBalancer([gateway.url]);
  current.set('gateway', { as: 'gateway-1', url: gateway.url });
  for (const name of SERVICE_NAMES.filter((s) => !PROCESSES[s].upstream))
    current.set(name, { as: name, url: '' });
}, 300_000);

afterAll(async () => {
  await bus?.drain();
  await front?.close();
  for (const b of services.values()) await b.close();
  await running?.stop();
}, 120_000);

const upstreamsThroughServices = (): NodeJS.ProcessEnv =>
  Object.fromEntries([...services].map(([name, b]) => [upstreamUrlVariable(name), b.url]));

/** One step of a rollout: a new replica of `name`, ready, in the Service; then the old one out of it, and stopped. */
async function roll(name: ProcessName, generation: number) {
  const old = current.get(name)!;
  const as = `${name}-r${generation}`;
  const next = await running.startReplica(name, as, name === 'gateway' ? upstreamsThroughServices() : {});
  const service = name === 'gateway' ? front : services.get(name as Upstream);
  service?.setEndpoints([next.url]);
  current.set(name, { as, url: next.url });
  await controlProcess(stack, old.as, 'stop');
}

interface Load {
  answered: number;
  failures: string[];
  pages: string[];
}

/** Reads that cross every upstream: auth (and every session check), billing, pages, classroom, admin-stats, mail. */
const READS: Array<{ route: ApiRoute; admin?: boolean }> = [
  { route: getUser },
  { route: getBalance },
  { route: getMyPages },
  { route: getTurmas },
  { route: adminStats, admin: true },
  { route: getEmailSettings, admin: true },
];

/** `loops` callers, each sending its next request as soon as the last one is answered, until `until` settles. */
async function steadyLoad(until: Promise<unknown>, loops: number): Promise<Load> {
  const load: Load = { answered: 0, failures: [], pages: [] };
  let done = false;
  void until.finally(() => (done = true));
  // Signed up and in through the gateway's Service (the stack's own gateway stands aside).
  const viaService = { ...stack, gatewayUrl: front.url };
  const members = await Promise.all(Array.from({ length: 3 }, () => createActiveUser(viaService)));
  const admin = await adminToken(viaService);
  const send = async (route: ApiRoute, token: string, body?: unknown) => {
    try {
      const res = await call<string>(front.url, route, { token, ...(body ? { body } : {}) });
      if (res.status >= 500)
        load.failures.push(`${route.method} ${route.path}: ${res.status} ${res.body.message}`);
      else load.answered++;
      return res;
    } catch (err) {
      load.failures.push(`${route.method} ${route.path}: ${(err as Error).cause ?? (err as Error).message}`);
      return undefined;
    }
  };
  const reader = async (i: number) => {
    for (let n = i; !done; n++) {
      const { route, admin: asAdmin } = READS[n % READS.length]!;
      await send(route, asAdmin ? admin : members[n % members.length]!.token);
    }
  };
  // Pages made one after the other, each once its preview is stored (read from the bucket, never asked through the
  // thumbnail route, which would queue a lost render again).
  const maker = async () => {
    for (let n = 0; !done; n++) {
      const res = await send(createPage, members[n % members.length]!.token, defaultPageRequest);
      const code = res?.status === 200 ? res.body.payload : null;
      if (!code) continue;
      load.pages.push(code);
      await eventually(
        () => files.has(renderFiles(code).png),
        (stored) => stored || done,
        600_000,
      );
    }
  };
  await Promise.all([...Array.from({ length: loops }, (_, i) => reader(i)), maker()]);
  return load;
}

describe('a rolling update of every process under a steady load through the gateway', () => {
  // Its own bound: eight processes started and drained one after the other, on a machine busy with the other lane.
  it(
    'answers every request and does every job while each service, the worker and the gateway roll',
    { timeout: 1_200_000 },
    async () => {
      const order: ProcessName[] = [...SERVICE_NAMES, 'gateway'];
      let rolled = 0;
      const rollout = (async () => {
        for (const name of order) {
          await roll(name, 2);
          rolled++;
        }
      })();
      const load = await steadyLoad(rollout, 3);
      await rollout;

      expect(rolled).toBe(order.length);
      expect(load.failures).toEqual([]);
      expect(load.answered).toBeGreaterThan(order.length);
      expect(services.get('pages')!.refused() + front.refused()).toBe(0);
      // Every preview job done: the queues drained, then every page's preview stored.
      for (const durable of Object.values(RENDER_CONSUMERS))
        await waitUntilConsumed(stack, 'JOBS_PDF', durable, 180_000);
      expect(load.pages.length).toBeGreaterThan(0);
      const stored = await Promise.all(load.pages.map((code) => files.has(renderFiles(code).png)));
      expect(stored.filter((s) => !s)).toEqual([]);
    },
  );
});
