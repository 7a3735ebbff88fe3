/**
 * THE list of the system's processes: the gateway and the seven services. The gateway's route table and upstream
 * variables, the stack (`npm start`, the test stacks), the production bundles and the deploy tests all read it, so a
 * service is added or renamed here once.
 *
 * - `folder`: the package; its entry point is `<folder>/src/main.ts` and its definition `<folder>/src/service.ts`.
 * - `devPort`: its HTTP port under `npm start` (tests take free ports).
 * - `upstream`: the gateway proxies /api routes to it (its address is `<NAME>_URL` in the gateway's variables); the
 *   pdf-worker takes its work from NATS only.
 */
export const PROCESSES = {
  gateway: { folder: 'gateway', devPort: 8080, upstream: false },
  auth: { folder: 'services/auth', devPort: 3001, upstream: true },
  billing: { folder: 'services/billing', devPort: 3002, upstream: true },
  pages: { folder: 'services/pages', devPort: 3003, upstream: true },
  'pdf-worker': { folder: 'services/pdf-worker', devPort: 3004, upstream: false },
  mail: { folder: 'services/mail', devPort: 3005, upstream: true },
  'admin-stats': { folder: 'services/admin-stats', devPort: 3006, upstream: true },
  classroom: { folder: 'services/classroom', devPort: 3007, upstream: true },
} as const;

export type ProcessName = keyof typeof PROCESSES;
export const PROCESS_NAMES = Object.keys(PROCESSES) as ProcessName[];

/** The services: every process but the gateway. */
export type ServiceName = Exclude<ProcessName, 'gateway'>;
export const SERVICE_NAMES = PROCESS_NAMES.filter((p): p is ServiceName => p !== 'gateway');

/** The services the gateway proxies /api routes to. */
export type Upstream = {
  [P in ProcessName]: (typeof PROCESSES)[P]['upstream'] extends true ? P : never;
}[ProcessName];
export const UPSTREAMS = SERVICE_NAMES.filter((s): s is Upstream => PROCESSES[s].upstream);

type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;
/** The gateway's variable holding an upstream's address: `AUTH_URL`, ..., `ADMIN_STATS_URL`. */
export type UpstreamUrlVariable<U extends Upstream = Upstream> = `${Uppercase<Underscored<U>>}_URL`;
export const upstreamUrlVariable = <U extends Upstream>(upstream: U): UpstreamUrlVariable<U> =>
  `${upstream.toUpperCase().replace(/-/g, '_')}_URL` as UpstreamUrlVariable<U>;
