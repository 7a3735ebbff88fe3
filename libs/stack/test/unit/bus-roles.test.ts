import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUCKET_ROLES,
  busPermissions,
  EVENT_ROLES,
  Events,
  JOB_ROLES,
  Jobs,
  PROCESS_NAMES,
  PROCESSES,
  Rpc,
  RPC_ROLES,
  type ProcessName,
} from '@app/contracts';
import { fromRoot } from '../../src/paths.js';

/**
 * The bus permissions (@app/contracts bus-permissions.ts) hold the code: every request a process's code makes, every
 * subject it serves, publishes or consumes, every bucket it opens, is granted to it; and every role the table gives
 * a process is one its code uses (no permission left over). Read from each process's sources.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}
const sourceOf = (p: ProcessName) =>
  sourceFiles(fromRoot(PROCESSES[p].folder, 'src'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');

/** `bus.<method>(<Kind>.<name>` calls in the source, whatever the spacing: the names. */
const calls = (source: string, methods: string, kind: string) =>
  new Set(
    [...source.matchAll(new RegExp(`\\.(?:${methods})\\(\\s*${kind}\\.(\\w+)`, 'g'))].map((m) => m[1]!),
  );
/** Every `<Kind>.<name>` the source names. */
const named = (source: string, kind: string) =>
  new Set([...source.matchAll(new RegExp(`\\b${kind}\\.(\\w+)`, 'g'))].map((m) => m[1]!));

const has = (list: readonly string[], p: ProcessName) => list.includes(p);

describe.each(PROCESS_NAMES)('%s: the bus roles hold its code', (p) => {
  const source = sourceOf(p);

  it('every request it makes and serves is its role, and every role is in its code', () => {
    for (const rpc of calls(source, 'request', 'Rpc'))
      expect(has(RPC_ROLES[rpc as keyof typeof Rpc].callers, p), `${p} requests ${rpc}`).toBe(true);
    for (const rpc of calls(source, 'serve', 'Rpc'))
      expect(RPC_ROLES[rpc as keyof typeof Rpc].responder, `${p} serves ${rpc}`).toBe(p);
    const mentioned = named(source, 'Rpc');
    for (const [rpc, role] of Object.entries(RPC_ROLES))
      if (role.responder === p || has(role.callers, p))
        expect(mentioned.has(rpc), `${p} and ${rpc}`).toBe(true);
  });

  it('every job and event it publishes or consumes is its role, and every role is in its code', () => {
    for (const job of calls(source, 'publish', 'Jobs'))
      expect(has(JOB_ROLES[job as keyof typeof Jobs].publishers, p), `${p} publishes ${job}`).toBe(true);
    for (const job of calls(source, 'consume', 'Jobs'))
      expect(has(JOB_ROLES[job as keyof typeof Jobs].consumers, p), `${p} consumes ${job}`).toBe(true);
    for (const event of calls(source, 'publishEvent|publish', 'Events'))
      expect(EVENT_ROLES[event as keyof typeof Events].publisher, `${p} publishes ${event}`).toBe(p);
    for (const event of calls(source, 'consume|listen', 'Events'))
      expect(has(EVENT_ROLES[event as keyof typeof Events].consumers, p), `${p} consumes ${event}`).toBe(
        true,
      );
    // A projection helper takes the definition first (admin-stats): any event it names is one it may take.
    for (const event of named(source, 'Events')) {
      const role = EVENT_ROLES[event as keyof typeof Events];
      expect(role, `Events.${event}`).toBeDefined();
      expect(role.publisher === p || has(role.consumers, p), `${p} names Events.${event}`).toBe(true);
    }
    const jobs = named(source, 'Jobs');
    for (const [job, role] of Object.entries(JOB_ROLES))
      if (has(role.publishers, p) || has(role.consumers, p))
        expect(jobs.has(job), `${p} and ${job}`).toBe(true);
    const events = named(source, 'Events');
    for (const [event, role] of Object.entries(EVENT_ROLES))
      if (role.publisher === p || has(role.consumers, p))
        expect(events.has(event), `${p} and ${event}`).toBe(true);
  });

  it('opens only the buckets it may, and writes only as a writer', () => {
    const opened = new Set([...source.matchAll(/fileStore\('(\w+)'\)/g)].map((m) => m[1]!));
    for (const [bucket, role] of Object.entries(BUCKET_ROLES)) {
      const member = has(role.writers, p) || has(role.readers, p);
      expect(opened.has(bucket), `${p} opens ${bucket}`).toBe(member);
      if (/files\.put\(/.test(source)) expect(has(role.writers, p), `${p} writes ${bucket}`).toBe(true);
    }
  });

  it('the permissions grant what the roles give (derived, not written twice)', () => {
    const perms = busPermissions(p);
    for (const [rpc, role] of Object.entries(RPC_ROLES)) {
      const subject = Rpc[rpc as keyof typeof Rpc].subject;
      expect(perms.publish.includes(subject), `${p} publish ${subject}`).toBe(has(role.callers, p));
      expect(perms.subscribe.includes(subject), `${p} subscribe ${subject}`).toBe(role.responder === p);
    }
  });
});
