import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  busNames,
  busPasswordVariable,
  Events,
  Jobs,
  PROCESS_NAMES,
  Rpc,
  type ProcessName,
} from '@app/contracts';
import { natsServers } from '@app/kit';
import { BUS_AUTHORIZATION_FILE, which } from '@app/stack';
import { connectBus } from '@app/testing';

/**
 * "Only services speak on the bus": the stack's NATS server holds a user per process with the contracts'
 * permissions (@app/contracts busPermissions, under the stack's prefix). Connected as a process, what the contracts
 * do not grant it is refused by the server; without credentials nothing connects; what they grant works (the stack
 * itself runs on it: every other test of the tier).
 */
const stack = inject('stack');
const names = busNames(stack.natsPrefix);
const opened: NatsConnection[] = [];

afterAll(async () => {
  for (const nc of opened) await nc.close();
});

/** A connection as a process of the stack, with the user and password the stack gave it. */
async function connectAs(process: ProcessName): Promise<NatsConnection> {
  const env = stack.env[process]!;
  const nc = await connect({
    servers: natsServers(stack.natsUrl),
    user: env.NATS_USER,
    pass: env.NATS_PASSWORD,
  });
  opened.push(nc);
  return nc;
}

const payload = new TextEncoder().encode('{}');
/** The server's refusal, as the client reports it (a request's error carries the server's message). */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const refusedPublish = (subject: string) =>
  new RegExp(`Permissions Violation for Publish to "${escape(subject)}"`);

describe.skipIf(!stack.natsAuth)("the stack's NATS server: a user per process, only its subjects", () => {
  it('gives every process a user of its own', () => {
    const users = PROCESS_NAMES.map((p) => stack.env[p]!.NATS_USER);
    expect(users).toEqual(PROCESS_NAMES);
    expect(new Set(PROCESS_NAMES.map((p) => stack.env[p]!.NATS_PASSWORD)).size).toBe(PROCESS_NAMES.length);
  });

  it("refuses a connection without credentials, or with another process's password", async () => {
    await expect(connect({ servers: natsServers(stack.natsUrl) })).rejects.toThrow(/authoriz/i);
    await expect(
      connect({
        servers: natsServers(stack.natsUrl),
        user: 'pages',
        pass: stack.env['pdf-worker']!.NATS_PASSWORD,
      }),
    ).rejects.toThrow(/authoriz/i);
  });

  it("refuses the pdf-worker a request on billing's hold, which pages may ask", async () => {
    const worker = await connectAs('pdf-worker');
    const hold = names.subject(Rpc.billingHold.subject);
    await expect(worker.request(hold, payload, { timeout: 5000 })).rejects.toThrow(refusedPublish(hold));
    // pages reaches billing on it: an answer (a malformed request's error reply), not a refusal.
    const pages = await connectAs('pages');
    await expect(pages.request(hold, payload, { timeout: 5000 })).resolves.toBeTruthy();
  });

  it("refuses the gateway a billing event (only billing publishes events.billing.*), and auth's member export", async () => {
    const gateway = await connectAs('gateway');
    const balanceChanged = names.subject(Events.balanceChanged.subject);
    // A JetStream publish is a request to the subject: refused before it reaches the stream.
    await expect(gateway.request(balanceChanged, payload, { timeout: 5000 })).rejects.toThrow(
      refusedPublish(balanceChanged),
    );
    const exportData = names.subject(Rpc.billingExportUserData.subject);
    await expect(gateway.request(exportData, payload, { timeout: 5000 })).rejects.toThrow(
      refusedPublish(exportData),
    );
  });

  it('refuses a subscription to requests a process does not serve (mail listening on the hold)', async () => {
    const mail = await connectAs('mail');
    const hold = names.subject(Rpc.billingHold.subject);
    const sub = mail.subscribe(hold);
    // The refusal may end the iteration before flush answers: its outcome is held from the start, so the rejection
    // is never left unhandled while the test waits.
    const ended = (async () => {
      for await (const m of sub) void m;
    })().then(
      () => null,
      (err: unknown) => err,
    );
    await mail.flush();
    expect(await ended).toMatchObject({ name: 'PermissionViolationError', subject: hold });
  });

  it("refuses anyone but pages a class set's purchase job, and pages' queue's stream", async () => {
    const worker = await connectAs('pdf-worker');
    const buySet = names.subject(Jobs.buySet.subject);
    await expect(worker.request(buySet, payload, { timeout: 5000 })).rejects.toThrow(refusedPublish(buySet));
    const gateway = await connectAs('gateway');
    const info = `$JS.API.STREAM.INFO.${names.stream('JOBS_PAGES')}`;
    await expect(gateway.request(info, payload, { timeout: 5000 })).rejects.toThrow(refusedPublish(info));
    // pages reaches its stream: JetStream's answer, not a refusal.
    const pages = await connectAs('pages');
    await expect(pages.request(info, payload, { timeout: 5000 })).resolves.toBeTruthy();
  });

  it('refuses the JetStream API of streams a process does not use (the pdf-worker reading a LIMITS stream)', async () => {
    const worker = await connectAs('pdf-worker');
    const info = `$JS.API.STREAM.INFO.${names.stream('LIMITS_AUTH_REQUESTS')}`;
    await expect(worker.request(info, payload, { timeout: 5000 })).rejects.toThrow(refusedPublish(info));
  });

  it("lets the tests' own superuser do anything (recording, drains, clean-up)", async () => {
    const bus = await connectBus(stack, 'test-superuser');
    try {
      await expect(bus.request(Rpc.billingStats, {})).resolves.toMatchObject({
        totalPayments: expect.any(Number),
      });
    } finally {
      await bus.drain();
    }
  });
});

describe.skipIf(!which('nats-server'))(
  'the production authorization (deploy/k8s/base/nats/authorization.conf)',
  () => {
    it('is a configuration nats-server accepts, each password read from its variable', () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'bus-conf-'));
      try {
        copyFileSync(BUS_AUTHORIZATION_FILE, path.join(dir, 'authorization.conf'));
        const conf = path.join(dir, 'nats.conf');
        writeFileSync(conf, 'include ./authorization.conf\n');
        const passwords = Object.fromEntries(
          PROCESS_NAMES.map((p) => [busPasswordVariable(p), `pw-${p}-0123456789`]),
        );
        // nats-server -t reports on stderr, and exits non-zero on a bad configuration.
        const check = (env: NodeJS.ProcessEnv) => {
          const r = spawnSync(which('nats-server')!, ['-t', '-c', conf], { env, encoding: 'utf8' });
          return { ok: r.status === 0, output: r.stderr };
        };
        expect(check(passwords)).toMatchObject({ ok: true, output: expect.stringContaining('is valid') });
        // A password's variable missing: the server refuses the configuration (no user without a password).
        const { NATS_PASSWORD_BILLING: _billing, ...withoutBilling } = passwords;
        void _billing;
        expect(check(withoutBilling)).toMatchObject({
          ok: false,
          output: expect.stringContaining('NATS_PASSWORD_BILLING'),
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
