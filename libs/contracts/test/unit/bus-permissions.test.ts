import { describe, expect, it } from 'vitest';
import {
  busNames,
  busPermissions,
  busStreams,
  busUsers,
  Events,
  Jobs,
  Limits,
  PROCESS_NAMES,
  renderNatsAuthorization,
  Rpc,
  type ProcessName,
} from '../../src/index.js';

/** NATS subject matching: `*` one token, `>` one or more at the end. */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}
const mayPublish = (process: ProcessName, subject: string, prefix = '') =>
  busPermissions(process, prefix).publish.some((p) => matches(p, subject));
const maySubscribe = (process: ProcessName, subject: string, prefix = '') =>
  busPermissions(process, prefix).subscribe.some((p) => matches(p, subject));
const whoMayPublish = (subject: string, prefix = '') =>
  PROCESS_NAMES.filter((p) => mayPublish(p, subject, prefix));

describe.each(['', 'tit_abc'])('busPermissions (prefix %j)', (prefix) => {
  const names = busNames(prefix);

  it("only pages may request billing's hold, capture and release; only billing serves them", () => {
    for (const def of [Rpc.billingHold, Rpc.billingCapture, Rpc.billingRelease]) {
      expect(whoMayPublish(names.subject(def.subject), prefix)).toEqual(['pages']);
      expect(PROCESS_NAMES.filter((p) => maySubscribe(p, names.subject(def.subject), prefix))).toEqual([
        'billing',
      ]);
    }
  });

  it('only billing publishes events.billing.*, only auth events.auth.*: each event by its owner only', () => {
    const billingEvents = Object.values(Events).filter((e) => e.subject.startsWith('events.billing.'));
    expect(billingEvents.length).toBeGreaterThan(3);
    for (const e of billingEvents)
      expect(whoMayPublish(names.subject(e.subject), prefix)).toEqual(['billing']);
    // Even a subject no contract names yet.
    expect(whoMayPublish(names.subject('events.billing.anything.new'), prefix)).toEqual([]);
    for (const e of Object.values(Events)) {
      const owner = e.subject.split('.')[1] === 'pdf' ? 'pdf-worker' : e.subject.split('.')[1];
      expect(whoMayPublish(names.subject(e.subject), prefix), e.subject).toEqual([owner]);
    }
  });

  it("asks for a member's data export from auth only; nobody else reaches it", () => {
    for (const def of [Rpc.billingExportUserData, Rpc.pagesExportUserData])
      expect(whoMayPublish(names.subject(def.subject), prefix)).toEqual(['auth']);
  });

  it('gives the pdf-worker its render jobs, its event, the RENDERS bucket and the names a sheet prints, nothing else', () => {
    const worker = busPermissions('pdf-worker', prefix);
    const renders = names.stream('RENDERS');
    expect(mayPublish('pdf-worker', `$O.${renders}.C.some-chunk`, prefix)).toBe(true);
    // pages writes only to delete the files that carry a turma's names.
    expect(PROCESS_NAMES.filter((p) => mayPublish(p, `$O.${renders}.M.some-name`, prefix))).toEqual([
      'pages',
      'pdf-worker',
    ]);
    for (const job of [Jobs.renderPreview, Jobs.renderDocument, Jobs.renderVersion, Jobs.assembleSet]) {
      expect(maySubscribe('pdf-worker', names.subject(job.subject), prefix)).toBe(true);
      expect(whoMayPublish(names.subject(job.subject), prefix)).toEqual(['pages']);
    }
    // Its JetStream API: its streams only.
    for (const s of worker.publish.filter((p) => p.startsWith('$JS.')))
      expect(
        [names.stream('JOBS_PDF'), names.stream('EVENTS'), `OBJ_${renders}`].some((stream) =>
          s.split('.').includes(stream),
        ) || s === '$JS.API.INFO',
        s,
      ).toBe(true);
    // It publishes to EVENTS but reads none of it (members' events carry emails).
    const events = names.stream('EVENTS');
    expect(mayPublish('pdf-worker', `$JS.API.STREAM.INFO.${events}`, prefix)).toBe(true);
    for (const read of [
      `$JS.API.DIRECT.GET.${events}`,
      `$JS.API.STREAM.MSG.GET.${events}`,
      `$JS.API.CONSUMER.CREATE.${events}`,
    ])
      expect(mayPublish('pdf-worker', read, prefix), read).toBe(false);
    expect(mayPublish('mail', `$JS.API.CONSUMER.CREATE.${events}`, prefix)).toBe(true);
    expect(mayPublish('pdf-worker', names.subject(Rpc.billingHold.subject), prefix)).toBe(false);
    expect(mayPublish('pdf-worker', names.subject(Rpc.classroomSheetNames.subject), prefix)).toBe(true);
    expect(mayPublish('pdf-worker', names.subject(Rpc.classroomTurmaRoster.subject), prefix)).toBe(false);
    expect(mayPublish('pdf-worker', names.subject(Jobs.sendMail.subject), prefix)).toBe(false);
  });

  it("keeps pages' own queue (class sets' purchases) to pages: it alone publishes, consumes and reaches its stream", () => {
    const subject = names.subject(Jobs.buySet.subject);
    expect(whoMayPublish(subject, prefix)).toEqual(['pages']);
    expect(PROCESS_NAMES.filter((p) => maySubscribe(p, subject, prefix))).toEqual(['pages']);
    const stream = names.stream('JOBS_PAGES');
    for (const api of [
      `$JS.API.STREAM.INFO.${stream}`,
      `$JS.API.CONSUMER.CREATE.${stream}`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.x`,
      `$JS.ACK.${stream}.x`,
    ])
      expect(whoMayPublish(api, prefix), api).toEqual(['pages']);
    // Its stream holds pages' jobs only: no subject of another queue, nor one no contract names.
    expect(busStreams(prefix)).toContain(stream);
    expect(whoMayPublish(names.subject('jobs.pages.anything.new'), prefix)).toEqual([]);
  });

  it('restricts each LIMITS_* stream and its subjects to the process that owns the limit', () => {
    for (const [name, limit] of Object.entries(Limits)) {
      const stream = names.stream(`LIMITS_${name}`);
      expect(whoMayPublish(`$JS.API.STREAM.MSG.DELETE.${stream}`, prefix), name).toEqual([limit.owner]);
      expect(whoMayPublish(names.subject(`limits.${name.toLowerCase()}.somekey`), prefix), name).toEqual([
        limit.owner,
      ]);
    }
  });

  it('lets every process hear its replies, and only responders answer requests', () => {
    for (const p of PROCESS_NAMES) {
      expect(maySubscribe(p, '_INBOX.abc.def', prefix)).toBe(true);
      const serves = Object.values(Rpc).some((d) => maySubscribe(p, names.subject(d.subject), prefix));
      expect(busPermissions(p, prefix).allowResponses, p).toBe(serves);
    }
    expect(PROCESS_NAMES.filter((p) => busPermissions(p, prefix).allowResponses)).toEqual([
      'auth',
      'billing',
      'pages',
      'classroom',
    ]);
  });

  it('names every subject under the prefix and no stream of another prefix', () => {
    for (const p of PROCESS_NAMES) {
      const { publish, subscribe } = busPermissions(p, prefix);
      for (const s of [...publish, ...subscribe].filter((s) => !/^(\$JS|\$O|_INBOX)\./.test(s)))
        if (prefix) expect(s.startsWith(`${prefix}.`), s).toBe(true);
      // Never a wildcard over the whole bus or the whole JetStream API.
      for (const s of [...publish, ...subscribe]) expect(['>', '$JS.API.>', '$JS.>', '*.>']).not.toContain(s);
    }
    const streams = busStreams(prefix);
    for (const p of PROCESS_NAMES)
      for (const s of busPermissions(p, prefix).publish.filter(
        (x) => x.startsWith('$JS.API.') && x !== '$JS.API.INFO',
      ))
        expect(
          streams.some((stream) => s.split('.').includes(stream)),
          s,
        ).toBe(true);
  });
});

describe('renderNatsAuthorization', () => {
  it('renders a user per process with its allow lists, passwords literal or from the environment', () => {
    const text = renderNatsAuthorization([
      ...busUsers('', (p) => (p === 'auth' ? 'literal-secret' : { env: `PW_${p.length}` })),
      { user: 'test', password: 'super' },
    ]);
    expect(text).toMatch(/^authorization \{\n {2}users = \[\n/);
    for (const p of PROCESS_NAMES) expect(text).toContain(`user: "${p}"`);
    expect(text).toContain('password: "literal-secret"');
    expect(text).toContain('password: $PW_7');
    expect(text).toContain('"$JS.API.INFO"');
    expect(text).toContain('allow_responses: true');
    // The superuser has no permissions block: it is the last entry, without one.
    expect(text.slice(text.indexOf('user: "test"'))).not.toContain('permissions');
  });
});
