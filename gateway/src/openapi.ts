import { z } from 'zod';
import type { ApiRoute } from '@app/contracts';

/** The OpenAPI document, generated from the contracts (the same zod schemas the services validate with). */
export function buildOpenApiDocument(routes: ApiRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  for (const r of routes) {
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.path.startsWith('/api/admin') ? 'admin' : r.access === 'public' ? 'public' : 'member'],
      ...(r.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
    };
    if (r.query) {
      const schema = toSchema(r.query) as { properties?: Record<string, unknown>; required?: string[] };
      op.parameters = Object.entries(schema.properties ?? {}).map(([name, s]) => ({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        schema: s,
      }));
    }
    if (r.body)
      op.requestBody = { required: true, content: { 'application/json': { schema: toSchema(r.body) } } };
    op.responses = {
      200: r.produces
        ? { description: 'OK', content: { [r.produces]: { schema: { type: 'string', format: 'binary' } } } }
        : {
            description: 'OK',
            content: { 'application/json': { schema: r.response ? toSchema(r.response) : {} } },
          },
      ...(r.access !== 'public' ? { 401: { description: 'No valid session' } } : {}),
      ...(r.access === 'admin' ? { 403: { description: 'Not an admin' } } : {}),
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Exercícios de Matemática API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
