import { startupRoutes } from '@app/contracts/route-refs';
import { api } from './client';

type ClientConfigAnswer = Awaited<ReturnType<typeof fetchClientConfig>>;

const fetchClientConfig = () => api(startupRoutes.getClientConfig);

let answer: Promise<ClientConfigAnswer> | undefined;

/**
 * The gateway's settings for the browser (Google client id, Mercado Pago key, the company and support contacts): fixed
 * for a page's life, so asked once and shared by the root layout and every screen that needs them (the login and
 * sign-up Google buttons, add balance, account deletion). An answer that failed is not kept: the next ask tries again.
 * Asked by reference (no zod): the root layout, in the entry chunk, waits for it.
 */
export function clientConfig(): Promise<ClientConfigAnswer> {
  answer ??= fetchClientConfig().then(
    (config) => {
      if (config.httpStatus !== 200) answer = undefined;
      return config;
    },
    (error: unknown) => {
      answer = undefined;
      throw error;
    },
  );
  return answer;
}
