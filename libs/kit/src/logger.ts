import { pino, type Logger, type DestinationStream } from 'pino';
import { currentContext } from './context.js';

export type { Logger };

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
];

const SECRET_QUERY_KEYS = /([?&](?:token|code|recoveryToken|activationCode|credential)=)[^&#]*/gi;
/** The SPA's links that carry a secret in the path: the emailed activation and recovery links. */
const SECRET_PATH_SEGMENTS = /^(\/(?:ativar|criar-nova-senha)\/)[^/?#]+/i;
/**
 * `/api/validateToken?token=abc` -> `/api/validateToken?token=[REDACTED]`;
 * `/criar-nova-senha/abc` -> `/criar-nova-senha/[REDACTED]`.
 */
export const redactUrl = (url: string): string =>
  url.replace(SECRET_PATH_SEGMENTS, '$1[REDACTED]').replace(SECRET_QUERY_KEYS, '$1[REDACTED]');

export function createLogger(name: string, level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      // Every line written inside a request (HTTP or NATS) carries its id.
      mixin: () => {
        const ctx = currentContext();
        return ctx ? { reqId: ctx.requestId } : {};
      },
      serializers: {
        req: (req: { method?: string; url?: string; id?: string }) => ({
          method: req.method,
          url: req.url ? redactUrl(req.url) : req.url,
        }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
