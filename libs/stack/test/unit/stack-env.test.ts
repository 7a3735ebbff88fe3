import { describe, expect, it } from 'vitest';
import { DEV_PORTS, newSecrets, stackEnv, type StackOptions } from '../../src/stack.js';

const base: StackOptions = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/app',
  natsUrl: 'nats://127.0.0.1:4222',
  natsPrefix: '',
  smtpUrl: 'smtp://127.0.0.1:1025',
  devProvidersUrl: 'http://localhost:8090',
  ports: DEV_PORTS,
  secrets: newSecrets(),
  log: { kind: 'silent' },
  adminEmail: 'admin@exercicios.local',
  adminPassword: 'admin123',
  googleClientId: 'dev-google-client-id',
  chromePath: '/usr/bin/chromium',
};

const holders = (env: ReturnType<typeof stackEnv>, variable: string) =>
  Object.entries(env)
    .filter(([, vars]) => vars[variable] !== undefined)
    .map(([name]) => name)
    .sort();

describe('stackEnv: one configuration reaches every process', () => {
  it('gives every process the public URL', () => {
    const env = stackEnv({ ...base, publicUrl: 'https://exercicios.example.com.br' });
    for (const vars of Object.values(env)) expect(vars.PUBLIC_URL).toBe('https://exercicios.example.com.br');
  });

  it('with the stand-ins: Google certificates and Mercado Pago point at them', () => {
    const env = stackEnv(base);
    expect(env.auth).toMatchObject({
      GOOGLE_CLIENT_ID: 'dev-google-client-id',
      GOOGLE_CERTS_URL: 'http://localhost:8090/__dev/google/certs',
      GOOGLE_ISSUER: 'http://localhost:8090',
    });
    expect(env.gateway.GOOGLE_CLIENT_ID).toBe('dev-google-client-id');
    expect(env.billing).toMatchObject({
      MP_BASE_URL: 'http://localhost:8090',
      MP_ACCESS_TOKEN: 'TEST-dev-providers',
    });
  });

  it('a real Google client id reaches the gateway and auth without the stand-in settings', () => {
    const env = stackEnv({
      ...base,
      googleClientId: '123-abc.apps.googleusercontent.com',
      realProviders: { google: true },
    });
    expect(env.gateway.GOOGLE_CLIENT_ID).toBe('123-abc.apps.googleusercontent.com');
    expect(env.auth.GOOGLE_CLIENT_ID).toBe('123-abc.apps.googleusercontent.com');
    expect(holders(env, 'GOOGLE_CERTS_URL')).toEqual([]);
    expect(holders(env, 'GOOGLE_ISSUER')).toEqual([]);
    // Mercado Pago, not configured, still uses its stand-in.
    expect(env.billing.MP_BASE_URL).toBe('http://localhost:8090');
  });

  it('real Mercado Pago credentials: the token reaches billing only, the public key the gateway only', () => {
    const env = stackEnv({
      ...base,
      realProviders: { mercadoPago: true },
      mercadoPago: { accessToken: 'APP_USR-token', publicKey: 'APP_USR-public' },
    });
    expect(env.billing.MP_ACCESS_TOKEN).toBe('APP_USR-token');
    expect(holders(env, 'MP_ACCESS_TOKEN')).toEqual(['billing']);
    expect(holders(env, 'MP_BASE_URL')).toEqual([]);
    expect(holders(env, 'MP_PUBLIC_KEY')).toEqual(['gateway']);
    expect(env.gateway.MP_PUBLIC_KEY).toBe('APP_USR-public');
  });

  it('secrets reach only the processes that use them', () => {
    const env = stackEnv(base);
    expect(holders(env, 'JWT_SECRET')).toEqual(['auth', 'gateway']);
    expect(holders(env, 'MP_WEBHOOK_SECRET')).toEqual(['billing']);
    expect(holders(env, 'ADMIN_PASSWORD')).toEqual(['auth']);
  });
});

describe('stackEnv: NATS credentials', () => {
  it("gives each process its own user and password on the stack's server", () => {
    const natsUsers = Object.fromEntries(
      Object.keys(DEV_PORTS)
        .filter((p) => p !== 'gatewayMetrics')
        .map((p) => [p, { user: p, pass: `pw-${p}` }]),
    );
    const env = stackEnv({ ...base, natsUsers });
    for (const [name, vars] of Object.entries(env)) {
      expect(vars.NATS_USER).toBe(name);
      expect(vars.NATS_PASSWORD).toBe(`pw-${name}`);
    }
  });

  it("without the stack's users, passes on the launcher's NATS_USER, NATS_PASSWORD and TLS variables (NATS_URL given)", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        NATS_USER: 'dev',
        NATS_PASSWORD: 'dev-password',
        NATS_TLS_CA: '/etc/nats/ca.pem',
      });
      const env = stackEnv(base);
      for (const vars of Object.values(env))
        expect(vars).toMatchObject({
          NATS_USER: 'dev',
          NATS_PASSWORD: 'dev-password',
          NATS_TLS_CA: '/etc/nats/ca.pem',
        });
    } finally {
      for (const k of ['NATS_USER', 'NATS_PASSWORD', 'NATS_TLS_CA']) if (!(k in saved)) delete process.env[k];
    }
  });
});
