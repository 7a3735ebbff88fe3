import { afterAll, describe, expect, inject, it } from 'vitest';
import { getClientConfig, PROCESS_NAMES } from '@app/contracts';
import { call, createActiveUser, createTopUpPreference, TIER_ENV } from '@app/testing';
import {
  freePort,
  httpOk,
  spawnTs,
  stackEnv,
  waitFor,
  type Managed,
  type StackPorts,
} from '../../src/index.js';

/**
 * The configuration of `npm start` (stackEnv) carries a real Google client id and a public URL to the processes
 * that use them: a gateway and a billing started with that wiring, beside the test stack, show them to the web
 * and to Mercado Pago.
 */
const stack = inject('stack');
const started: Managed[] = [];
afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
});

const PUBLIC_URL = 'https://exercicios.example.com.br';
const GOOGLE_CLIENT_ID = '1234567890-abcdef.apps.googleusercontent.com';

describe('one configuration, every process', () => {
  it('a real Google client id and a public URL reach the web client config and the preference', async () => {
    const portOf = (name: string) => Number(stack.env[name]!.PORT);
    const ports: StackPorts = {
      gateway: await freePort(),
      auth: portOf('auth'),
      billing: await freePort(),
      pages: portOf('pages'),
      'pdf-worker': portOf('pdf-worker'),
      mail: portOf('mail'),
      'admin-stats': portOf('admin-stats'),
      classroom: portOf('classroom'),
    };
    const env = stackEnv({
      databaseUrl: stack.databaseUrl,
      natsUrl: stack.natsUrl,
      natsPrefix: stack.natsPrefix,
      // The stack's users (its NATS server grants each process its subjects under the stack's prefix).
      natsUsers: Object.fromEntries(
        PROCESS_NAMES.flatMap((p) => {
          const { NATS_USER: user, NATS_PASSWORD: pass } = stack.env[p] ?? {};
          return user && pass ? [[p, { user, pass }]] : [];
        }),
      ),
      smtpUrl: stack.env.mail!.SMTP_URL!,
      devProvidersUrl: stack.devProvidersUrl,
      realProviders: { google: true },
      publicUrl: PUBLIC_URL,
      googleClientId: GOOGLE_CLIENT_ID,
      ports,
      secrets: stack.secrets,
      log: { kind: 'dir', dir: stack.logDir },
      adminEmail: stack.adminEmail,
      adminPassword: stack.adminPassword,
      // The tier's limits: this gateway opens the limits' streams of the stack's prefix, whose sizes it sets for
      // every gateway of the stack.
      extraEnv: { ...TIER_ENV },
      chromePath: stack.env['pdf-worker']!.CHROME_PATH,
    });
    started.push(
      spawnTs('billing-public-url', 'services/billing/src/main.ts', env.billing, {
        kind: 'dir',
        dir: stack.logDir,
      }),
    );
    started.push(
      spawnTs('gateway-public-url', 'gateway/src/main.ts', env.gateway, { kind: 'dir', dir: stack.logDir }),
    );
    const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
    await waitFor(() => httpOk(`http://127.0.0.1:${ports.billing}/ready`), 'the second billing', 90_000);
    await waitFor(() => httpOk(`${gatewayUrl}/api/env`), 'the second gateway', 90_000);

    // The web reads this to load Google Identity Services with the configured client (not in the envelope).
    const config = await call(gatewayUrl, getClientConfig);
    expect(config.body).toMatchObject({ googleClientId: GOOGLE_CLIENT_ID });

    const user = await createActiveUser(stack);
    const preference = await createTopUpPreference({ ...stack, gatewayUrl }, user.token, 7);
    const stored = (await (
      await fetch(`${stack.devProvidersUrl}/checkout/preferences/${preference.id}`, {
        headers: { authorization: 'Bearer TEST-dev-providers' },
      })
    ).json()) as { back_urls: Record<string, string>; notification_url: string };
    expect(stored.notification_url.startsWith(`${PUBLIC_URL}/api/webhooks/mercadopago?`)).toBe(true);
    for (const url of Object.values(stored.back_urls)) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(stored.back_urls.success).toBe(`${PUBLIC_URL}/pagamento-sucesso`);
  });
});
