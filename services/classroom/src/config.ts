import { z } from 'zod';

/** classroom reads only the base variables (DATABASE_URL, NATS_URL, ...: libs/kit/README.md, "Base variables"). */
export const env = z.object({});
