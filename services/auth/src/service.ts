import { ConfigError, defineService, postgres } from '@app/kit';
import { bcryptCostProblems, env } from './config.js';
import { bootstrapAdmin } from './domain/bootstrap-admin.js';
import type { AuthDeps } from './domain/deps.js';
import { createGoogleVerifier } from './domain/google-verifier.js';
import { bcryptHasher, decoyHash } from './domain/passwords.js';
import { SessionTokens } from './domain/session-tokens.js';
import { serveNats } from './nats/handlers.js';
import { entities } from './persistence/entities.js';
import { authStore } from './persistence/store.js';
import { CreateAuthTables1732240000000 } from './persistence/migrations/1732240000000-CreateAuthTables.js';
import { UserDeletedAt1764000000000 } from './persistence/migrations/1764000000000-UserDeletedAt.js';
import { AbuseLimits1764000000001 } from './persistence/migrations/1764000000001-AbuseLimits.js';
import { SignInCodes1764000000002 } from './persistence/migrations/1764000000002-SignInCodes.js';
import { SignUpBinding1764000000003 } from './persistence/migrations/1764000000003-SignUpBinding.js';
import { registerRoutes } from './routes.js';

export const service = defineService({
  name: 'auth',
  env,
  database: postgres({
    schema: 'auth',
    entities,
    migrations: [
      CreateAuthTables1732240000000,
      UserDeletedAt1764000000000,
      AbuseLimits1764000000001,
      SignInCodes1764000000002,
      SignUpBinding1764000000003,
    ],
  }),
  // Publishes mail jobs and account events.
  streams: ['JOBS_MAIL', 'EVENTS'],
  async deps({ config, logger, bus, db }) {
    const costProblems = bcryptCostProblems(config);
    if (costProblems.length) throw new ConfigError(costProblems);
    const deps: AuthDeps = {
      store: authStore(db),
      bus,
      config,
      logger,
      tokens: new SessionTokens(config.JWT_SECRET, config.ADMIN_SESSION_TTL_MINUTES),
      verifyGoogle: createGoogleVerifier({
        clientId: config.GOOGLE_CLIENT_ID,
        certsUrl: config.GOOGLE_CERTS_URL,
        issuer: config.GOOGLE_ISSUER,
      }),
      passwords: bcryptHasher,
      // Counted once for every replica.
      limits: await bus.limits(
        { ACTIVATION_MAILS: { max: config.SIGN_UPS_PER_ADDRESS_PER_HOUR, windowMs: 60 * 60_000 } },
        config.INTERNAL_SECRET,
      ),
    };
    // Made now at the configured cost, so the first sign-in of an unknown email does not pay for it.
    decoyHash(config.BCRYPT_COST);
    await bootstrapAdmin(deps);
    return deps;
  },
  routes: registerRoutes,
  nats: serveNats,
});
