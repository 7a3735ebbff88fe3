import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { emailedLinkPaths } from '@app/contracts';
import { createLogger, logFormatFor, redactUrl, type LoggerFormatOptions } from '../../src/logger.js';
import { runWithContext } from '../../src/context.js';
import { loadConfig, processEnv } from '../../src/config.js';

function capture(opts?: LoggerFormatOptions) {
  const lines: string[] = [];
  const sink = new Writable({
    write(c, _e, cb) {
      lines.push(c.toString());
      cb();
    },
  });
  return { lines, logger: createLogger('t', 'info', sink, opts) };
}

describe('logger', () => {
  it('redacts secret query parameters from URLs', () => {
    expect(redactUrl('/api/validateToken?token=abc.def')).toBe('/api/validateToken?token=[REDACTED]');
    expect(redactUrl('/api/x?a=1&token=abc&b=2')).toBe('/api/x?a=1&token=[REDACTED]&b=2');
    expect(redactUrl('/api/thumb?code=xyz')).toBe('/api/thumb?code=[REDACTED]');
    expect(redactUrl('/api/env')).toBe('/api/env');
  });

  it('redacts the secret of the emailed activation, recovery and sign-in links, which sits in the path', () => {
    expect(redactUrl('/ativar/AbC-123_x')).toBe('/ativar/[REDACTED]');
    // The sign-in link emailed past the ceiling was logged whole.
    expect(redactUrl('/entrar/Dgy06sIuUaHHM5FB2kRdL7Om6auA9GycFV_i-aNXxck')).toBe('/entrar/[REDACTED]');
    expect(redactUrl('/entrar')).toBe('/entrar');
    // Every emailed link of the site, as its pattern fills in.
    for (const link of emailedLinkPaths) {
      const path = link.replace(/:\w+\?$/, 's3gr3d0');
      expect(redactUrl(`${path}?utm=1`)).toBe(`${path.replace('s3gr3d0', '[REDACTED]')}?utm=1`);
    }
    expect(redactUrl('/criar-nova-senha/AbC-123_x?utm=1')).toBe('/criar-nova-senha/[REDACTED]?utm=1');
    expect(redactUrl('/criar-nova-senha-sucesso')).toBe('/criar-nova-senha-sucesso');
    expect(redactUrl('/ativar')).toBe('/ativar');
  });

  it('never writes passwords, tokens or the Authorization header', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'p4ss',
        token: 't0k',
        body: { password: 'p5ss' },
        headers: { authorization: 'Bearer zzz' },
      },
      'x',
    );
    logger.info({ req: { method: 'GET', url: '/api/validateToken?token=qqq' } }, 'request');
    const out = lines.join('');
    for (const secret of ['p4ss', 't0k', 'p5ss', 'Bearer zzz', 'qqq']) expect(out).not.toContain(secret);
    expect(out).toContain('[REDACTED]');
  });

  it('adds the request id of the current context to every line', () => {
    const { lines, logger } = capture();
    runWithContext({ requestId: 'req-42' }, () => logger.info('inside'));
    logger.info('outside');
    expect(JSON.parse(lines[0]!).reqId).toBe('req-42');
    expect(JSON.parse(lines[1]!).reqId).toBeUndefined();
  });

  it("adds the id of the current context's trace, when it belongs to one", () => {
    const { lines, logger } = capture();
    const trace = { traceId: 'ab'.repeat(16), spanId: 'cd'.repeat(8), traceFlags: 1 };
    runWithContext({ requestId: 'req-43', trace }, () => logger.info('traced'));
    runWithContext({ requestId: 'req-44' }, () => logger.info('not traced'));
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'req-43', traceId: 'ab'.repeat(16) });
    expect(JSON.parse(lines[1]!).traceId).toBeUndefined();
  });
});

describe('log format', () => {
  it('is pretty in development, JSON in production and in tests, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatFor({ NODE_ENV: 'development' })).toBe('pretty');
    expect(logFormatFor({})).toBe('pretty'); // NODE_ENV defaults to development in the config
    expect(logFormatFor({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormatFor({ NODE_ENV: 'test' })).toBe('json');
    expect(logFormatFor({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormatFor({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe('pretty');
  });

  it('validates LOG_FORMAT in the config, an empty value meaning unset', () => {
    const good = {
      PORT: '3001',
      NATS_URL: 'nats://127.0.0.1:4222',
      INTERNAL_SECRET: 's'.repeat(32),
    };
    expect(() => loadConfig(processEnv, { ...good, LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT: /);
    expect(loadConfig(processEnv, { ...good, LOG_FORMAT: '' }).LOG_FORMAT).toBeUndefined();
    const prod = loadConfig(processEnv, { ...good, NODE_ENV: 'production' });
    expect(logFormatFor(prod)).toBe('json');
    expect(logFormatFor(loadConfig(processEnv, { ...good, NODE_ENV: 'test' }))).toBe('json');
    expect(logFormatFor(loadConfig(processEnv, good))).toBe('pretty');
    expect(logFormatFor(loadConfig(processEnv, { ...good, LOG_FORMAT: 'json' }))).toBe('json');
  });

  it('writes one JSON object a line to a given destination unless told otherwise (tests parse them)', () => {
    for (const opts of [undefined, { format: 'json' as const }]) {
      const { lines, logger } = capture(opts);
      logger.info({ n: 1 }, 'hello');
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, name: 't', n: 1, msg: 'hello' });
    }
  });

  it('pretty-prints synchronously: time, level, message, fields and the request id on one line', () => {
    const { lines, logger } = capture({ format: 'pretty', colorize: false });
    runWithContext({ requestId: 'req-42' }, () => logger.warn({ n: 1 }, 'something odd'));
    // Written before this line runs: no worker thread, no flush to wait for.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: something odd ‹req-42› \{"n":1\}\n$/);
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it('pretty-prints a request line as method, redacted URL, status and time', () => {
    const { lines, logger } = capture({ format: 'pretty', colorize: false });
    logger.child({ reqId: 'r-1' }).info(
      {
        req: { method: 'GET', url: '/api/validateToken?token=s3gr3d0' },
        res: { statusCode: 200 },
        responseTime: 1.54,
      },
      'request completed',
    );
    expect(lines[0]).toMatch(/\] INFO: GET \/api\/validateToken\?token=\[REDACTED\] → 200 1\.5ms ‹r-1›\n$/);
  });

  it('keeps secrets out of pretty lines too, and shows control characters escaped', () => {
    const { lines, logger } = capture({ format: 'pretty', colorize: false });
    logger.info({ password: 'p4ss', body: { token: 't0k' }, headers: { authorization: 'Bearer zzz' } }, 'x');
    logger.info({ req: { method: 'GET', url: '/criar-nova-senha/l1nk' } }, 'seen');
    logger.info('forged\nline');
    const out = lines.join('');
    for (const secret of ['p4ss', 't0k', 'Bearer zzz', 'l1nk']) expect(out).not.toContain(secret);
    expect(out).toContain('seen GET /criar-nova-senha/[REDACTED]');
    expect(lines[2]).toContain('forged\\nline');
    expect(lines).toHaveLength(3);
  });
});
