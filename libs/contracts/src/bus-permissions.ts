import {
  Buckets,
  Events,
  Jobs,
  Limits,
  limitStream,
  limitSubject,
  Rpc,
  Streams,
  type BucketName,
  type LimitName,
  type StreamName,
} from './messaging.js';
import { PROCESS_NAMES, type ProcessName } from './processes.js';

/**
 * Who speaks on the bus ("only services speak on the bus"): for every subject of messaging.ts, the process
 * that answers or publishes it and the processes that call or consume it. The NATS users' permissions are derived
 * from this table (`busPermissions`), so a subject a process starts to use is granted here, in one place, or refused
 * by the server. The types require an entry for every request, job, event and bucket of the contracts.
 */
export const RPC_ROLES = {
  authVerifySession: { responder: 'auth', callers: ['gateway'] },
  authGetUser: { responder: 'auth', callers: ['mail'] },
  authListUsers: { responder: 'auth', callers: ['admin-stats'] },
  authStats: { responder: 'auth', callers: ['admin-stats'] },
  billingHold: { responder: 'billing', callers: ['pages'] },
  billingCapture: { responder: 'billing', callers: ['pages'] },
  billingRelease: { responder: 'billing', callers: ['pages'] },
  billingBalance: { responder: 'billing', callers: ['pages'] },
  billingStats: { responder: 'billing', callers: ['admin-stats'] },
  pagesStats: { responder: 'pages', callers: ['admin-stats'] },
  billingExportUserData: { responder: 'billing', callers: ['auth'] },
  pagesExportUserData: { responder: 'pages', callers: ['auth'] },
  classroomExportUserData: { responder: 'classroom', callers: ['auth'] },
  pagesCorrectionSheets: { responder: 'pages', callers: ['classroom'] },
  classroomTurmaRoster: { responder: 'classroom', callers: ['pages'] },
  classroomSheetNames: { responder: 'classroom', callers: ['pdf-worker'] },
} as const satisfies Record<keyof typeof Rpc, { responder: ProcessName; callers: readonly ProcessName[] }>;

/**
 * `consumers` take the messages: a durable JetStream consumer (`Bus.consume`) or, for an event every replica hears, a
 * plain subscription (`Bus.listen`, the gateway's).
 */
export const JOB_ROLES = {
  sendMail: { publishers: ['auth', 'mail'], consumers: ['mail'] },
  renderPreview: { publishers: ['pages'], consumers: ['pdf-worker'] },
  renderDocument: { publishers: ['pages'], consumers: ['pdf-worker'] },
  renderVersion: { publishers: ['pages'], consumers: ['pdf-worker'] },
  assembleSet: { publishers: ['pages'], consumers: ['pdf-worker'] },
  buySet: { publishers: ['pages'], consumers: ['pages'] },
} as const satisfies Record<
  keyof typeof Jobs,
  { publishers: readonly ProcessName[]; consumers: readonly ProcessName[] }
>;

/** An event has one publisher: the service that owns the fact (its name is the subject's second token). */
export const EVENT_ROLES = {
  userRegistered: { publisher: 'auth', consumers: ['mail', 'admin-stats'] },
  userActivated: { publisher: 'auth', consumers: ['admin-stats'] },
  sessionsRevoked: { publisher: 'auth', consumers: ['gateway'] },
  loginFailed: { publisher: 'auth', consumers: ['admin-stats'] },
  topupCreated: { publisher: 'billing', consumers: [] },
  topupCredited: { publisher: 'billing', consumers: ['mail', 'admin-stats'] },
  topupReversed: { publisher: 'billing', consumers: ['mail', 'admin-stats'] },
  topupRefunded: { publisher: 'billing', consumers: ['admin-stats'] },
  balanceChanged: { publisher: 'billing', consumers: ['gateway'] },
  renderFailed: { publisher: 'pdf-worker', consumers: ['pages'] },
  pageCreated: { publisher: 'pages', consumers: [] },
  pageBought: { publisher: 'pages', consumers: ['admin-stats'] },
  userDeleted: { publisher: 'auth', consumers: ['billing', 'pages', 'admin-stats', 'classroom'] },
  turmaDeleted: { publisher: 'classroom', consumers: ['pages'] },
} as const satisfies Record<
  keyof typeof Events,
  { publisher: ProcessName; consumers: readonly ProcessName[] }
>;

/** Object Store buckets: `writers` store files, `readers` read them and watch for new ones. Both open (create) it. */
export const BUCKET_ROLES = {
  // pages writes only to delete: the files of a class set made for a turma carry its children's names, and go with
  // the turma or the account.
  RENDERS: { writers: ['pdf-worker', 'pages'], readers: ['pages'] },
} as const satisfies Record<BucketName, { writers: readonly ProcessName[]; readers: readonly ProcessName[] }>;

/** One NATS user's subject permissions (nats-server `permissions { publish { allow } subscribe { allow } }`). */
export interface BusPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it receives (nats-server `allow_responses`): the responders of a request subject. */
  allowResponses: boolean;
}

/** The names on the server under a stack's prefix: the same rules as libs/kit's NatsLink. */
export const busNames = (prefix: string) => ({
  subject: (s: string) => (prefix ? `${prefix}.${s}` : s),
  stream: (s: string) => (prefix ? `${prefix.toUpperCase()}_${s}` : s),
});

/** The replies of requests and JetStream's answers come to the connection's inbox. */
const INBOX = '_INBOX.>';

/**
 * The JetStream API subjects of one stream: its set-up (every process creates or updates the streams it uses at
 * start-up); and only for a process that consumes it, reading its messages (direct and stored gets: the Object
 * Store's reads), its consumers and their acks. A process that only publishes to a stream (the pdf-worker to EVENTS)
 * cannot read what others wrote there.
 */
function streamApi(stream: string, consumes: boolean): string[] {
  const admin = [
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    `$JS.API.STREAM.UPDATE.${stream}`,
  ];
  if (!consumes) return admin;
  return [
    ...admin,
    `$JS.API.STREAM.MSG.GET.${stream}`,
    `$JS.API.DIRECT.GET.${stream}`,
    `$JS.API.DIRECT.GET.${stream}.>`,
    `$JS.API.CONSUMER.CREATE.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.INFO.${stream}.>`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
    `$JS.API.CONSUMER.DELETE.${stream}.>`,
    `$JS.ACK.${stream}.>`,
  ];
}

const values = <T>(record: Record<string, T>): Array<[string, T]> => Object.entries(record);
const has = (list: readonly ProcessName[], p: ProcessName) => list.includes(p);

/**
 * The publish and subscribe allow lists of `process`'s NATS user on a server whose subjects and streams carry
 * `prefix` (test stacks; '' in production), derived from the roles above. A process may: call the requests it is a
 * caller of and serve those it answers (a queue subscription, replies through `allow_responses`); publish the jobs
 * and events it publishes; subscribe to the events it consumes; use the JetStream API of the streams it touches
 * (its jobs' and events' streams, its limits' `LIMITS_*` streams, its buckets' `OBJ_*` streams) and nothing of the
 * others; write a bucket's files only as its writer.
 */
export function busPermissions(process: ProcessName, prefix = ''): BusPermissions {
  const names = busNames(prefix);
  const publish = new Set<string>(['$JS.API.INFO']);
  const subscribe = new Set<string>([INBOX]);
  let allowResponses = false;
  /** Streams this process touches, and whether it consumes from each. */
  const streams = new Map<string, boolean>();
  const touch = (stream: string, consumes: boolean) =>
    streams.set(stream, (streams.get(stream) ?? false) || consumes);

  for (const [key, role] of values<{ responder: ProcessName; callers: readonly ProcessName[] }>(RPC_ROLES)) {
    const subject = names.subject(Rpc[key as keyof typeof Rpc].subject);
    if (has(role.callers, process)) publish.add(subject);
    if (role.responder === process) {
      subscribe.add(subject);
      allowResponses = true;
    }
  }
  for (const [key, role] of values<{ publishers: readonly ProcessName[]; consumers: readonly ProcessName[] }>(
    JOB_ROLES,
  )) {
    const def = Jobs[key as keyof typeof Jobs];
    const stream = names.stream(def.stream);
    if (has(role.publishers, process)) {
      publish.add(names.subject(def.subject));
      touch(stream, false);
    }
    if (has(role.consumers, process)) {
      subscribe.add(names.subject(def.subject));
      touch(stream, true);
    }
  }
  for (const [key, role] of values<{ publisher: ProcessName; consumers: readonly ProcessName[] }>(
    EVENT_ROLES,
  )) {
    const def = Events[key as keyof typeof Events];
    const stream = names.stream(def.stream);
    if (role.publisher === process) {
      publish.add(names.subject(def.subject));
      touch(stream, false);
    }
    if (has(role.consumers, process)) {
      subscribe.add(names.subject(def.subject));
      // The gateway hears its events by a plain subscription: it needs no consumer of the stream.
      if (process !== 'gateway') touch(stream, true);
    }
  }
  for (const [name, limit] of values<{ owner: ProcessName }>(Limits)) {
    if (limit.owner !== process) continue;
    const stream = names.stream(limitStream(name as LimitName));
    touch(stream, false);
    publish.add(names.subject(limitSubject(name as LimitName, '>')));
    publish.add(`$JS.API.STREAM.MSG.DELETE.${stream}`);
  }
  for (const [name, role] of values<{ writers: readonly ProcessName[]; readers: readonly ProcessName[] }>(
    BUCKET_ROLES,
  )) {
    const writes = has(role.writers, process);
    if (!writes && !has(role.readers, process)) continue;
    const bucket = names.stream(name as BucketName);
    // A file larger than a chunk is read through an ordered consumer (the Object Store client's).
    touch(`OBJ_${bucket}`, true);
    subscribe.add(`$O.${bucket}.M.>`);
    if (writes) for (const s of [`$O.${bucket}.>`, `$JS.API.STREAM.PURGE.OBJ_${bucket}`]) publish.add(s);
  }
  for (const [stream, consumes] of streams) for (const s of streamApi(stream, consumes)) publish.add(s);
  return { publish: [...publish], subscribe: [...subscribe], allowResponses };
}

/** The streams of the contracts (jobs, events, limits, buckets) that some process uses, on the server under `prefix`. */
export const busStreams = (prefix = ''): string[] => {
  const names = busNames(prefix);
  return [
    ...(Object.keys(Streams) as StreamName[]).map(names.stream),
    ...(Object.keys(Limits) as LimitName[]).map((l) => names.stream(limitStream(l))),
    ...(Object.keys(Buckets) as BucketName[]).map((b) => `OBJ_${names.stream(b)}`),
  ];
};

/** One user of the server's `authorization` block: `password` literal, or `{ env }` for a `$VARIABLE` reference. */
export interface BusUser {
  user: string;
  password: string | { env: string };
  /** Absent: the user may publish and subscribe to anything (the test stacks' superuser). */
  permissions?: BusPermissions;
}

/** The environment variable holding a process's password in the server's config: `NATS_PASSWORD_PDF_WORKER`. */
export const busPasswordVariable = (process: ProcessName): string =>
  `NATS_PASSWORD_${process.toUpperCase().replace(/-/g, '_')}`;

/** Every process as a user of the bus under `prefix`, with the password `password(process)`. */
export const busUsers = (
  prefix: string,
  password: (process: ProcessName) => BusUser['password'],
): BusUser[] =>
  PROCESS_NAMES.map((p) => ({ user: p, password: password(p), permissions: busPermissions(p, prefix) }));

const quoted = (s: string) => JSON.stringify(s);
const list = (items: string[], indent: string) =>
  `[\n${items.map((i) => `${indent}  ${quoted(i)}`).join(',\n')}\n${indent}]`;

/**
 * The nats-server configuration block `authorization { users = [...] }` of `users`. Strings are quoted (a quoted
 * `$JS.API.…` is a subject, not a variable); a password `{ env }` is the unquoted reference `$NAME`, which
 * nats-server reads from its environment.
 */
export function renderNatsAuthorization(users: BusUser[]): string {
  const entries = users.map((u) => {
    const password = typeof u.password === 'string' ? quoted(u.password) : `$${u.password.env}`;
    const lines = [`    user: ${quoted(u.user)}`, `    password: ${password}`];
    if (u.permissions) {
      const p = u.permissions;
      lines.push(
        '    permissions: {',
        `      publish: { allow: ${list(p.publish, '      ')} }`,
        `      subscribe: { allow: ${list(p.subscribe, '      ')} }`,
        ...(p.allowResponses ? ['      allow_responses: true'] : []),
        '    }',
      );
    }
    return `  {\n${lines.join('\n')}\n  }`;
  });
  return `authorization {\n  users = [\n${entries.join(',\n')}\n  ]\n}\n`;
}

/**
 * The production server's users (deploy/k8s/base/nats/authorization.conf, also docker compose's): every process with
 * the contracts' permissions, no prefix, each password read from the server's environment (`busPasswordVariable`,
 * filled from a Secret). Written by `npm run bus:config`; a unit test holds the checked-in file to it.
 */
export const productionBusAuthorization = (): string =>
  '# Generated from libs/contracts (bus-permissions.ts) by `npm run bus:config`: do not edit by hand.\n' +
  '# A user per process, allowed only the subjects and streams the contracts give it; each password comes from\n' +
  '# the environment variable named here (a Secret in Kubernetes, .env in docker compose).\n' +
  renderNatsAuthorization(busUsers('', (p) => ({ env: busPasswordVariable(p) })));
