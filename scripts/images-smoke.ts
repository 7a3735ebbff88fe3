/**
 * `npm run images:smoke`: the whole system from its production images (after `npm run images:build`), as a member
 * uses it: Google sign-in → a top-up → generate a page → its preview → buy → download the PDF.
 *
 * Every process runs in its container as production runs it (NODE_ENV=production with secrets of its own, uid 1000,
 * read-only root filesystem, every capability dropped, no new privileges), each on a free port of the host's network:
 * the gateway, the five services, the pdf-worker and the stand-ins' image (Mercado Pago and Google). Postgres, NATS
 * and the SMTP inbox are the machine's (a throwaway database, a NATS prefix of its own, MailDev from node_modules):
 * their images come from a registry this machine kind cannot reach. The environment of each process comes from
 * `stackEnv` (libs/stack), the one place where the system is wired. Everything it made is removed at the end.
 * `-- --measure` then measures what deploy/k8s/RESOURCES.md sizes requests and limits from: each container's resident
 * memory idle and at its peak, and its CPU, while 4 members each generate 30 pages (waiting for each preview), read
 * their balance once a page and sign in again every 10 pages (process trees from /proc: a worker with its Chromium).
 * Variables: CONTAINER_ENGINE, IMAGE_TAG, IMAGE_REGISTRY, PODMAN_FLAGS, SMOKE_KEEP=1 (leave the containers).
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  buy,
  createPage,
  createPreference,
  downloadPage,
  getBalance,
  loginGoogle,
  processPayment,
  thumb,
} from '@app/contracts';
import { dropDatabase, ensureDatabase, natsServers } from '@app/kit';
import {
  freePort,
  httpOk,
  newSecrets,
  answers,
  resolvePostgres,
  stackEnv,
  startMailDev,
  waitFor,
  type Managed,
  type StackPorts,
} from '@app/stack';
import { PROCESS_NAMES, type ProcessName } from '@app/contracts';
import { cpuTime, loadAverage, rssMb } from '@app/testing';
import { engineCommand, findEngine, imageName, imageTag, PODMAN_ULIMITS, run } from './images.js';

const engine = findEngine();
const [cmd, global] = engineCommand(engine);
const tag = imageTag();
const id = `smoke_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
const t0 = performance.now();
const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const step = (text: string) => console.log(`▶ [${since()}] ${text}`);

const containers: string[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

async function main() {
  const pg = await resolvePostgres('postgres', { kind: 'silent' });
  // The machine's server, without credentials: the images' processes connect to it from their containers.
  const nats = { url: 'nats://127.0.0.1:4222' };
  if (pg.process) cleanups.push(() => pg.process!.stop());
  if (pg.process || !(await answers(4222)))
    throw new Error(
      'The smoke runs on the machine’s Postgres (127.0.0.1:5432) and NATS (127.0.0.1:4222): start them.',
    );
  const databaseUrl = pg.url.replace(/\/[^/]*$/, `/${id}`);
  await ensureDatabase(databaseUrl);
  cleanups.push(() => dropDatabase(databaseUrl));
  cleanups.push(() => deleteStreams(nats.url, id));

  const [smtp, inbox, devPort, gateway, metrics] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const ports = {
    ...(Object.fromEntries(
      await Promise.all(PROCESS_NAMES.map(async (p) => [p, p === 'gateway' ? gateway! : await freePort()])),
    ) as Record<ProcessName, number>),
    gatewayMetrics: metrics!,
  } satisfies StackPorts;
  const maildev: Managed = await startMailDev(smtp!, inbox!, { kind: 'silent' });
  cleanups.push(() => maildev.stop());

  const secrets = newSecrets();
  const devProvidersUrl = `http://localhost:${devPort}`;
  const googleClientId = `smoke-${id}.apps.googleusercontent.com`;
  const env = stackEnv({
    databaseUrl,
    natsUrl: nats.url,
    natsPrefix: id,
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    devProvidersUrl,
    ports,
    secrets,
    log: { kind: 'silent' },
    adminEmail: 'admin@smoke.example.com.br',
    adminPassword: randomBytes(12).toString('base64url'),
    googleClientId,
    backendEnv: 'smoke',
    dbEnv: 'smoke',
    // Small caps: the machine's NATS sets aside each stream's room while the smoke runs.
    extraEnv: {
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      RENDERS_MAX_BYTES: '256M',
      EVENTS_MAX_BYTES: '64M',
      JOBS_PDF_MAX_BYTES: '32M',
      JOBS_MAIL_MAX_BYTES: '32M',
    },
  });

  /** One container on the host's network, locked down as Kubernetes runs it (deploy/k8s). */
  const start = (name: string, image: string, vars: NodeJS.ProcessEnv) => {
    const container = `${id}-${name}`;
    const flags = Object.entries(vars)
      .filter(([k, v]) => v !== undefined && k !== 'PATH' && k !== 'HOME')
      .flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    run(cmd, [
      ...global,
      'run',
      '-d',
      '--name',
      container,
      '--network',
      'host',
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--cap-drop',
      'ALL',
      '--security-opt',
      'no-new-privileges',
      '--user',
      '1000:1000',
      ...(engine === 'podman' ? PODMAN_ULIMITS : []),
      ...flags,
      image,
    ]);
    containers.push(container);
  };

  step(`images ${tag} (${engine}); database ${id}, NATS prefix ${id}`);
  start('dev-providers', imageName('dev-providers', tag), {
    HOST: '127.0.0.1',
    PORT: String(devPort),
    PUBLIC_URL: `http://localhost:${gateway}`,
    DEV_PROVIDERS_URL: devProvidersUrl,
    MP_WEBHOOK_SECRET: secrets.MP_WEBHOOK_SECRET,
    GOOGLE_CLIENT_ID: googleClientId,
  });
  await waitFor(() => httpOk(`http://127.0.0.1:${devPort}/health`), 'the stand-ins', 60_000);
  // Production refuses the stand-ins' token by its name: a random one (the stand-in takes any).
  const production = (name: ProcessName): NodeJS.ProcessEnv => ({
    ...env[name],
    HOST: '127.0.0.1',
    ...(name === 'billing' ? { MP_ACCESS_TOKEN: `TEST-smoke-${randomBytes(8).toString('hex')}` } : {}),
    ...(name === 'gateway' ? { WEB_DIST: '/app/web/dist' } : {}),
    ...(name === 'pdf-worker' ? { CHROME_PATH: undefined } : {}),
  });
  // auth first: it creates the streams others publish to, then the rest, then the gateway.
  for (const group of [['auth'], PROCESS_NAMES.filter((p) => p !== 'auth' && p !== 'gateway'), ['gateway']]) {
    for (const name of group as ProcessName[]) start(name, imageName(name, tag), production(name));
    await Promise.all(
      (group as ProcessName[]).map((name) =>
        waitFor(() => httpOk(`http://127.0.0.1:${ports[name]}/ready`), `${name} to be ready`, 180_000).catch(
          (err: unknown) => {
            throw new Error(`${(err as Error).message}\n${logsOf(`${id}-${name}`)}`);
          },
        ),
      ),
    );
    step(`ready: ${group.join(', ')}`);
  }

  const site = `http://127.0.0.1:${gateway}`;
  const api = async <T>(
    route: { method: string; path: string },
    body?: unknown,
    token?: string,
  ): Promise<T> => {
    const res = await fetch(new URL(route.path, site), {
      method: route.method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { status: string; message: string; payload: T };
    if (res.status !== 200) throw new Error(`${route.method} ${route.path}: ${res.status} ${json.message}`);
    return json.payload;
  };
  const standIn = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${devProvidersUrl}/__dev${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`stand-in ${path}: ${res.status}`);
    return (await res.json()) as T;
  };

  const home = await fetch(site);
  if (home.status !== 200 || !(await home.text()).includes('<div id="root">'))
    throw new Error(`the SPA: ${home.status}`);
  const { credential } = await standIn<{ credential: string }>('/google/token', {
    email: `membro-${id}@exemplo.com.br`,
    name: 'Membro da Fumaça',
  });
  const { token } = await api<{ token: string }>(loginGoogle, { credential });
  step('signed in (Google stand-in)');
  const preference = await api<{ id: string }>(createPreference, { amount: 10 }, token);
  const { paymentId } = await standIn<{ paymentId: string }>('/mercadopago/pay', {
    preferenceId: preference.id,
    outcome: 'approved',
  });
  const credited = await api<{ balance: number }>(
    processPayment,
    { preferenceId: preference.id, paymentId },
    token,
  );
  step(`topped up: balance R$ ${credited.balance}`);
  const code = await api<string>(
    createPage,
    { add: true, sub: true, mult: true, div: true, answers: true, level: 2 },
    token,
  );
  const fetchFile = async (route: { path: string }) => {
    for (;;) {
      const res = await fetch(`${site}${route.path}?code=${code}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 503) return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    }
  };
  const preview = await fetchFile(thumb);
  if (preview.status !== 200 || preview.bytes.subarray(1, 4).toString() !== 'PNG')
    throw new Error(`the preview: ${preview.status}`);
  step(`generated ${code}: preview ${preview.bytes.length} bytes`);
  await api(buy, { code }, token);
  const pdf = await fetchFile(downloadPage);
  if (pdf.status !== 200 || pdf.bytes.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`the PDF: ${pdf.status}`);
  step(`bought and downloaded: PDF ${pdf.bytes.length} bytes`);
  console.log(
    `\n✔ smoke passed in ${since()}: sign-in → top-up → generate → buy → download, from the images ${tag}`,
  );
  if (process.argv.includes('--measure')) await measure(api, standIn, fetchFileOf(site));
}

type Api = <T>(route: { method: string; path: string }, body?: unknown, token?: string) => Promise<T>;
type StandIn = <T>(path: string, body: unknown) => Promise<T>;

const fetchFileOf = (site: string) => async (route: { path: string }, code: string, token: string) => {
  for (;;) {
    const res = await fetch(`${site}${route.path}?code=${code}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 503) return res.status;
  }
};

/** deploy/k8s/RESOURCES.md's figures, from the running containers (see the header). */
async function measure(
  api: Api,
  standIn: StandIn,
  fetchFile: (route: { path: string }, code: string, token: string) => Promise<number>,
) {
  const pids = Object.fromEntries(
    containers.map((c) => [
      c.slice(id.length + 1),
      Number(run(cmd, [...global, 'inspect', '--format', '{{.State.Pid}}', c]).trim()),
    ]),
  );
  const idle = rssMb(pids);
  const peak = { ...idle };
  const sampler = setInterval(() => {
    for (const [name, mb] of Object.entries(rssMb(pids))) peak[name] = Math.max(peak[name] ?? 0, mb);
  }, 500);
  const cpuBefore = cpuTime(pids);
  const started = performance.now();
  const members = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      standIn<{ credential: string }>('/google/token', {
        email: `carga-${i}-${id}@exemplo.com.br`,
        name: `Carga ${i}`,
      }),
    ),
  );
  let pages = 0;
  await Promise.all(
    members.map(async ({ credential }) => {
      let token = (await api<{ token: string }>(loginGoogle, { credential })).token;
      for (let n = 1; n <= 30; n++) {
        const code = await api<string>(
          createPage,
          {
            add: true,
            sub: n % 2 === 0,
            mult: n % 3 === 0,
            div: n % 5 === 0,
            answers: n % 2 === 1,
            level: n % 3,
          },
          token,
        );
        if ((await fetchFile(thumb, code, token)) !== 200) throw new Error(`preview of ${code}`);
        await api(getBalance, undefined, token);
        pages++;
        if (n % 10 === 0) token = (await api<{ token: string }>(loginGoogle, { credential })).token;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  for (const [name, mb] of Object.entries(rssMb(pids))) peak[name] = Math.max(peak[name] ?? 0, mb);
  const cpuAfter = cpuTime(pids);
  console.log(
    `\nLoad: 4 members, ${pages} pages with their previews in ${seconds.toFixed(1)} s (${(pages / seconds).toFixed(1)} pages/s), load average ${loadAverage()}\n`,
  );
  console.log('| process | idle RSS MB | peak RSS MB | CPU under load (millicores) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const name of Object.keys(pids))
    console.log(
      `| ${name} | ${idle[name]!.toFixed(0)} | ${peak[name]!.toFixed(0)} | ${Math.round((cpuAfter[name]! - cpuBefore[name]!) / seconds)} |`,
    );
}

function logsOf(container: string): string {
  const r = spawnSync(cmd, [...global, 'logs', '--tail', '30', container], { encoding: 'utf8' });
  return `--- ${container}\n${r.stdout}${r.stderr}`;
}

async function deleteStreams(natsUrl: string, prefix: string) {
  const nc = await connect({ servers: natsServers(natsUrl) });
  const jsm = await jetstreamManager(nc);
  for await (const s of jsm.streams.list())
    if (
      s.config.name.toLowerCase().startsWith(prefix) ||
      s.config.name.toLowerCase().startsWith(`obj_${prefix}`)
    )
      await jsm.streams.delete(s.config.name);
  await nc.close();
}

async function cleanUp() {
  if (process.env.SMOKE_KEEP === '1') return console.log(`containers kept: ${containers.join(' ')}`);
  for (const c of containers.reverse())
    spawnSync(cmd, [...global, 'rm', '-f', '-t', '5', c], { stdio: 'ignore' });
  for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
}

try {
  await main();
  await cleanUp();
} catch (err) {
  console.error(`\n✖ smoke failed after ${since()}: ${(err as Error).message}`);
  for (const c of containers) console.error(logsOf(c));
  await cleanUp();
  process.exit(1);
}
