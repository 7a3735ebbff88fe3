/**
 * `npm start`: brings the whole site up at http://localhost:8080 on a fresh clone.
 * Builds what is missing, finds or starts Postgres, NATS, a mail inbox and the provider stand-ins, starts every
 * service and the gateway, prints the URLs, and stops everything it started on Ctrl-C.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  answers,
  DEV_PORTS,
  fromRoot,
  newSecrets,
  ensureSupportedNode,
  resolveNats,
  resolvePostgres,
  startDevProviders,
  startMailDev,
  startStack,
  type Managed,
  type Stack,
  type StackSecrets,
} from '@app/stack';
import { resolveChromium } from '@app/browser';

const log = { kind: 'inherit' } as const;
const started: Managed[] = [];
let stack: Stack | undefined;
const t0 = Date.now();

function secrets(): StackSecrets {
  const file = fromRoot('.data', 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  mkdirSync(fromRoot('.data'), { recursive: true });
  const s = newSecrets();
  writeFileSync(file, JSON.stringify(s, null, 2), { mode: 0o600 });
  return s;
}

async function main() {
  for (const [name, port] of Object.entries(DEV_PORTS)) {
    if (await answers(port))
      throw new Error(`A porta ${port} (${name}) já está em uso: o site já está rodando?`);
  }
  // Found before the build: the free samples are rendered by it, and a missing browser must be one clear line.
  const chromium = await resolveChromium();
  console.log(`▶ Chromium ${chromium.label}`);
  console.log('▶ build (web + amostras grátis; Nx reaproveita o cache)');
  execSync('npx nx run-many -t build --outputStyle=static', {
    stdio: 'inherit',
    cwd: fromRoot(),
    env: { ...process.env, CHROME_PATH: chromium.path },
  });

  const pg = await resolvePostgres('aritmetica', log);
  if (pg.process) started.push(pg.process);
  const nats = await resolveNats(log);
  if (nats.process) started.push(nats.process);

  let smtpUrl = process.env.SMTP_URL;
  let inbox = '(SMTP_URL configurado)';
  if (!smtpUrl) {
    started.push(await startMailDev(1025, 1080, { kind: 'silent' }));
    smtpUrl = 'smtp://127.0.0.1:1025';
    inbox = 'http://localhost:1080';
  }

  // A real Mercado Pago webhook secret (set with real credentials) wins over the generated development one.
  const s = {
    ...secrets(),
    ...(process.env.MP_WEBHOOK_SECRET ? { MP_WEBHOOK_SECRET: process.env.MP_WEBHOOK_SECRET } : {}),
  };
  // Each provider is real as soon as its credentials are set; the stand-ins serve whichever is not.
  const realProviders = {
    google: Boolean(process.env.GOOGLE_CLIENT_ID),
    mercadoPago: Boolean(process.env.MP_ACCESS_TOKEN),
  };
  const googleClientId = process.env.GOOGLE_CLIENT_ID ?? 'dev-google-client-id';
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${DEV_PORTS.gateway}`;
  let devProvidersUrl: string | null = null;
  if (!realProviders.google || !realProviders.mercadoPago) {
    devProvidersUrl = 'http://localhost:8090';
    started.push(
      await startDevProviders({
        port: 8090,
        publicUrl,
        webhookSecret: s.MP_WEBHOOK_SECRET,
        googleClientId,
        log,
      }),
    );
  }

  stack = await startStack({
    databaseUrl: pg.url,
    natsUrl: nats.url,
    natsPrefix: '',
    ...(nats.users ? { natsUsers: nats.users } : {}),
    smtpUrl,
    devProvidersUrl,
    realProviders,
    publicUrl,
    ports: DEV_PORTS,
    secrets: s,
    log,
    adminEmail: process.env.ADMIN_EMAIL ?? 'admin@exercicios.local',
    adminPassword: process.env.ADMIN_PASSWORD ?? 'admin123',
    backendEnv: process.env.BACKEND_ENV ?? 'dev',
    dbEnv: process.env.DB_ENV ?? 'dev',
    googleClientId,
    mercadoPago: { accessToken: process.env.MP_ACCESS_TOKEN, publicKey: process.env.MP_PUBLIC_KEY },
    // Ctrl-C stops every process at once: no drain of open connections (HTTP_DRAIN_MS=20000, production's, to try it).
    extraEnv: { HTTP_DRAIN_MS: process.env.HTTP_DRAIN_MS ?? '0', ...pickDefined(['LOG_LEVEL']) },
    chromePath: chromium.path,
  });

  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`
────────────────────────────────────────────────────────────
  Site no ar em ${seconds}s
  Site ........... http://localhost:8080${publicUrl === 'http://localhost:8080' ? '' : ` (PUBLIC_URL ${publicUrl})`}
  API docs ....... http://localhost:8080/api/docs
  Caixa de email . ${inbox}
  Google ......... ${realProviders.google ? `real (GOOGLE_CLIENT_ID ${googleClientId})` : `stand-in em ${devProvidersUrl}`}
  Mercado Pago ... ${realProviders.mercadoPago ? 'real (MP_ACCESS_TOKEN)' : `stand-in em ${devProvidersUrl}`}
  Postgres ....... ${pg.source}
  NATS ........... ${nats.url}: ${nats.source}
  Chromium ....... ${chromium.label}
  Admin .......... ${process.env.ADMIN_EMAIL ?? 'admin@exercicios.local'} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'admin123'}
  Ctrl-C encerra tudo.
────────────────────────────────────────────────────────────`);
}

function pickDefined(keys: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(keys.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
}

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\n■ encerrando...');
  await stack?.stop().catch(() => undefined);
  for (const p of started.reverse()) await p.stop().catch(() => undefined);
  process.exit(code);
}
// First: on an older Node, one pt-BR line saying how to get the project's, and exit 1.
ensureSupportedNode();
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

main().catch((err) => {
  console.error(`\n✖ ${err instanceof Error ? err.message : String(err)}`);
  void shutdown(1);
});
