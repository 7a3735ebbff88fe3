import { z } from 'zod';
import { ErrorCode, type ApiRoute } from '@app/contracts';

/** The ERROR envelope every /api route answers a failure with (libs/contracts envelope.ts `fail`). */
const errorEnvelope = {
  type: 'object',
  required: ['status', 'message', 'payload'],
  properties: {
    status: { const: 'ERROR' },
    message: { type: 'string', description: 'What went wrong, in pt-BR, for the person' },
    payload: { type: 'null' },
    code: { enum: Object.values(ErrorCode) },
  },
};
const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An operation's id: its path after /api in camelCase (`/api/admin/emailSettings` → `adminEmailSettings`), with the
 * method in front when the path has more than one (`getPage`, `postPage`).
 */
function operationId(route: ApiRoute, methodsOfPath: number): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split('/')
    .map((w, i) => (i === 0 ? w : pascal(w)))
    .join('');
  return methodsOfPath > 1 ? `${route.method.toLowerCase()}${pascal(words)}` : words;
}

/**
 * The OpenAPI 3.1 document, generated from the contracts (the same zod schemas the services validate with): served at
 * /api/docs/json, and linted with Redocly's recommended rules in the tests (0 errors, gateway/test/unit/openapi.test.ts).
 */
export function buildOpenApiDocument(routes: ApiRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const toSchema = (s: z.ZodType) => {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(s, {
      io: 'input',
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as Record<string, unknown>;
    void _dialect;
    return schema;
  };
  const methods = new Map<string, number>();
  for (const r of routes) methods.set(r.path, (methods.get(r.path) ?? 0) + 1);
  for (const r of routes) {
    const op: Record<string, unknown> = {
      operationId: operationId(r, methods.get(r.path)!),
      summary: r.summary,
      tags: [r.path.startsWith('/api/admin') ? 'admin' : r.access === 'public' ? 'public' : 'member'],
      // Public routes say so: no security requirement, over the document's default (a session).
      ...(r.access === 'public' ? { security: [] } : {}),
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
        ? {
            description: 'OK',
            content: { [r.produces]: { schema: { type: 'string', contentMediaType: r.produces } } },
          }
        : {
            description: 'OK',
            content: { 'application/json': { schema: r.response ? toSchema(r.response) : {} } },
          },
      ...(r.body || r.query
        ? { 400: failure('The request does not match the schema (the message says what)') }
        : {}),
      ...(r.access !== 'public' ? { 401: failure('No valid session') } : {}),
      ...(r.access === 'admin' ? { 403: failure('Not an admin') } : {}),
      503: failure('The service behind this route is out of reach for now: ask again in a moment'),
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exercícios de Matemática API',
      version: '1.0.0',
      description:
        'Every answer is the envelope `{status, message, payload}`; an error adds `code`, and its `message` is pt-BR.',
    },
    servers: [{ url: '/', description: 'The site itself (PUBLIC_URL)' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorEnvelope },
    },
    paths,
  };
}
