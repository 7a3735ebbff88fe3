import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '../../src/logger.js';
import { runWithContext } from '../../src/context.js';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(c, _e, cb) {
      lines.push(c.toString());
      cb();
    },
  });
  return { lines, logger: createLogger('t', 'info', sink) };
}

describe('logger', () => {
  it('redacts secret query parameters from URLs', () => {
    expect(redactUrl('/api/validateToken?token=abc.def')).toBe('/api/validateToken?token=[REDACTED]');
    expect(redactUrl('/api/x?a=1&token=abc&b=2')).toBe('/api/x?a=1&token=[REDACTED]&b=2');
    expect(redactUrl('/api/thumb?code=xyz')).toBe('/api/thumb?code=[REDACTED]');
    expect(redactUrl('/api/env')).toBe('/api/env');
  });

  it('redacts the secret of the emailed activation and recovery links, which sits in the path', () => {
    expect(redactUrl('/ativar/AbC-123_x')).toBe('/ativar/[REDACTED]');
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
});
