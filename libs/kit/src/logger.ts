import { pino, type ChildLoggerOptions, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { emailedLinkPaths } from '@app/contracts';
import { PinoPretty, type MessageFormatFunc, type PrettyOptions } from 'pino-pretty';
import { currentContext } from './context.js';
import { isSpanContextValid } from '@opentelemetry/api';

export type { Logger };

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * JSON lines in production and in tests (test stacks write them to files that tests and people grep); readable
 * lines in development. `LOG_FORMAT` overrides either way.
 */
export function logFormatFor(env: { NODE_ENV?: string; LOG_FORMAT?: string }): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return (env.NODE_ENV ?? 'development') === 'development' ? 'pretty' : 'json';
}

/**
 * Paths never written to a log: credentials, tokens, secrets. Query strings are redacted separately
 * (see redactUrl) because a URL is one string.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-gateway-signature"]',
  'headers.authorization',
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'credential',
  '*.password',
  '*.token',
  '*.credential',
  // The NATS connection's options and the variables (a process's bus password).
  'pass',
  '*.pass',
  'NATS_PASSWORD',
  '*.NATS_PASSWORD',
];

const SECRET_QUERY_KEYS = /([?&](?:token|code|recoveryToken|activationCode|credential)=)[^&#]*/gi;
/** The SPA's links that carry a secret in the path: the emailed links (activation, recovery, sign-in). */
const SECRET_PATH_SEGMENTS = new RegExp(
  `^(/(?:${emailedLinkPaths.map((p) => p.split('/')[1]).join('|')})/)[^/?#]+`,
  'i',
);
/**
 * `/api/validateToken?token=abc` -> `/api/validateToken?token=[REDACTED]`;
 * `/criar-nova-senha/abc` -> `/criar-nova-senha/[REDACTED]`, `/entrar/abc` -> `/entrar/[REDACTED]`.
 */
export const redactUrl = (url: string): string =>
  url.replace(SECRET_PATH_SEGMENTS, '$1[REDACTED]').replace(SECRET_QUERY_KEYS, '$1[REDACTED]');

export interface LoggerFormatOptions {
  /** Default: JSON when a destination is given, else from NODE_ENV and LOG_FORMAT (logFormatFor(process.env)). */
  format?: LogFormat;
  /** Pretty output only. Default: when the terminal supports it (honours NO_COLOR and FORCE_COLOR). */
  colorize?: boolean;
}

/** Set on loggers that carry the request id as a binding (Fastify's `req.log`), so the mixin does not add it twice. */
const BINDS_REQUEST_ID = Symbol('kit.bindsRequestId');
interface Marked {
  [BINDS_REQUEST_ID]?: true;
}

/**
 * The child logger of one HTTP request (Fastify's `childLoggerFactory`). Its lines carry the request id from the
 * first one on, including those Fastify writes before any hook runs (and so before the request context exists).
 */
export function requestChildLogger(
  logger: Logger,
  bindings: Record<string, unknown>,
  options?: ChildLoggerOptions,
): Logger {
  const child = logger.child(bindings, options);
  if ('reqId' in bindings) (child as unknown as Marked)[BINDS_REQUEST_ID] = true;
  return child;
}

export function createLogger(
  name: string,
  level = 'info',
  destination?: DestinationStream,
  opts: LoggerFormatOptions = {},
): Logger {
  const format = opts.format ?? (destination ? 'json' : logFormatFor(process.env));
  const options: LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    // Every line written inside a request (HTTP or NATS) carries its id: from the request context, unless the
    // logger already has it as a binding (a request's own child logger, see requestChildLogger); and its trace's id,
    // when it belongs to one (tracing.ts), to find the trace of a line.
    mixin: (_obj, _level, logger) => {
      const ctx = currentContext();
      if (!ctx) return {};
      const trace = ctx.trace && isSpanContextValid(ctx.trace) ? { traceId: ctx.trace.traceId } : {};
      return (logger as unknown as Marked)[BINDS_REQUEST_ID] ? trace : { reqId: ctx.requestId, ...trace };
    },
    serializers: {
      req: (req: { method?: string; url?: string; id?: string }) => ({
        method: req.method,
        url: req.url ? redactUrl(req.url) : req.url,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  if (format === 'pretty') return pino(options, prettyStream(destination, opts.colorize));
  return destination ? pino(options, destination) : pino(options);
}

/** Keys the pretty line shows in its message (or that every line of a terminal would repeat), not after it. */
const PRETTY_IGNORE = 'pid,hostname,name,reqId,req,res,responseTime';

/**
 * A synchronous pretty-printer in the logging process (no worker thread): one line per entry,
 * `12:03:44.120 INFO: GET /api/env → 200 1.8ms ‹7d4f…›`, further fields as JSON on the same line, error stacks below.
 */
export function prettyStream(destination?: DestinationStream, colorize?: boolean): DestinationStream {
  const options: PrettyOptions = {
    sync: true,
    destination: destination ?? 1,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: PRETTY_IGNORE,
    singleLine: true,
    messageFormat: prettyMessage,
  };
  if (colorize !== undefined) options.colorize = colorize;
  return PinoPretty(options);
}

// eslint-disable-next-line no-control-regex -- the point: show control characters escaped, never raw
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const visible = (s: string) => s.replace(CONTROL, (c) => JSON.stringify(c).slice(1, -1));

const prettyMessage: MessageFormatFunc = (log, messageKey, _levelLabel, { colors }) => {
  const msg = log[messageKey] === undefined ? '' : String(log[messageKey]);
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  let line = msg;
  if (req && res?.statusCode !== undefined && typeof log.responseTime === 'number') {
    line = `${req.method} ${req.url} → ${res.statusCode} ${formatMs(log.responseTime)}`;
  } else if (req) {
    line = `${msg} ${req.method} ${req.url}`;
  } else if (res?.statusCode !== undefined) {
    line = `${msg} → ${res.statusCode}`;
  }
  line = visible(line);
  return log.reqId === undefined ? line : `${line} ${colors.gray(`‹${visible(String(log.reqId))}›`)}`;
};

const formatMs = (ms: number) => (ms < 10 ? `${ms.toFixed(1)}ms` : `${Math.round(ms)}ms`);
