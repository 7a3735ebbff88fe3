import type { getEnv } from '@app/contracts';
import type { ApiResponse } from '../api/client';
import { site } from '../site';

export type Environment = Omit<ApiResponse<typeof getEnv>, 'httpStatus'>;

/** Tells testers which environment they are in; production (database prod) shows nothing. */
export function EnvBanner({ env }: { env: Environment }) {
  if (env.dbEnv === 'prod') return null;
  return (
    <div className="env-banner" role="status" data-testid="env-banner">
      Ambiente: backend <strong>{env.backendEnv}</strong> · banco de dados <strong>{env.dbEnv}</strong> ·
      frontend <strong>{site.frontendEnv}</strong>
    </div>
  );
}
