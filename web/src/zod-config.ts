/**
 * zod's global settings, shared by every copy of zod through this global (zod/v4/core/core.js: `globalConfig`), so
 * they can be set here without importing zod into the entry chunk (zod is ~30 kB gzip; only form screens need it).
 */
export const ZOD_GLOBAL_CONFIG = '__zod_globalConfig';

/**
 * The gateway's CSP allows no eval: zod's probe for its JIT (`new Function('')`, caught) is blocked and reported as a
 * CSP violation on every screen that validates a form. With `jitless` zod skips the probe and interprets its schemas,
 * with the same results. Runs before any zod module is loaded (they are all in lazy chunks).
 */
export function configureZodWithoutEval(
  scope: Record<string, unknown> = globalThis as Record<string, unknown>,
): void {
  const config = (scope[ZOD_GLOBAL_CONFIG] ??= {}) as { jitless?: boolean };
  config.jitless = true;
}
