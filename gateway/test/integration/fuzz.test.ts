import { describe, expect, inject, it } from 'vitest';
import { allApiRoutes, getEmailSettings, type ApiRoute } from '@app/contracts';
import { adminToken, call, createActiveUser } from '@app/testing';

/**
 * Malformed bodies of every shape to every POST route of the contracts, through the gateway of a whole stack,
 * without a token, with a user's and (for admin routes) with the admin's: never a 5xx, always a JSON envelope.
 * Wrong types, arrays, nulls, huge strings, deep nesting, control characters, prototype keys, invalid JSON and other
 * content types. Strings are under 6 characters or past every maximum, and a body the route's schema accepts is left
 * out, so nothing is created or changed: the admin's password and settings, above all, stay.
 */
const stack = inject('stack');

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Values for one field, each wrong for every field of the contracts. */
const badValues: unknown[] = [
  null,
  [],
  {},
  ['a'],
  1.5,
  -1,
  1e308,
  true,
  '',
  ' ',
  '\u0000',
  // Three characters: long enough for a profile name, so the NUL reaches the name rules (it answered 500 there).
  'a\u0000b',
  'a\u202eb',
  '\u0085\u0007',
  '１２３',
  'x'.repeat(5000),
  { $gt: '' },
  nested(50, 'x'),
];

/** Whole bodies, as JSON text. */
const wholeBodies: string[] = [
  'null',
  'true',
  '0',
  '-1',
  '"texto"',
  '[]',
  '[{}]',
  '{}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  JSON.stringify(nested(2000, 1)),
  nestedArrays(20_000),
  JSON.stringify(Array.from({ length: 15_000 }, () => 0)),
  JSON.stringify({ a: 'x'.repeat(200_000) }),
];

/** Text that is not JSON, sent as JSON. */
const brokenJson = ['{', '{"a":', 'nul', '{"a":1}}', '\u0000', '{"a":"\\ud800"}', "{'a':1}", ''];

function bodiesFor(route: ApiRoute): string[] {
  const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const perField = Object.keys(shape).flatMap((key) => badValues.map((v) => JSON.stringify({ [key]: v })));
  // Every field at once wrong the same way.
  const allFields = badValues.map((v) =>
    JSON.stringify(Object.fromEntries(Object.keys(shape).map((k) => [k, v]))),
  );
  // A value wrong for every other field can be right for one (`true` for a boolean setting): such a body is left out,
  // so that nothing is changed (the admin's settings, above all).
  return [...wholeBodies, ...perField, ...allFields].filter((body) => !isValidBody(route, body));
}

function isValidBody(route: ApiRoute, body: string): boolean {
  try {
    return route.body?.safeParse(JSON.parse(body)).success ?? false;
  } catch {
    return false;
  }
}

interface Outcome {
  route: string;
  body: string;
  status: number;
  json: boolean;
}

async function send(route: ApiRoute, body: string, contentType: string, token?: string): Promise<Outcome> {
  const res = await fetch(new URL(route.path, stack.gatewayUrl), {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await res.text();
  let json = (res.headers.get('content-type') ?? '').includes('application/json');
  try {
    const parsed = JSON.parse(text) as { status?: unknown };
    json &&= parsed.status === 'SUCCESS' || parsed.status === 'ERROR';
  } catch {
    json = false;
  }
  return { route: `${route.method} ${route.path}`, body: body.slice(0, 80), status: res.status, json };
}

const postRoutes = allApiRoutes.filter((r) => r.method === 'POST');

describe('fuzz: malformed bodies to every POST route', () => {
  it('covers every POST route of the contracts', () => {
    expect(postRoutes.length).toBeGreaterThanOrEqual(15);
  });

  for (const route of postRoutes) {
    it(`${route.path}: no 5xx and a JSON envelope, with and without a token`, async () => {
      // A fresh account per route: a route that ends sessions (logout) or limits an account cannot spoil the next.
      const user = await createActiveUser(stack);
      const tokens: Array<string | undefined> = [undefined, user.token];
      // The admin's token only where the admin is the caller, and never on a route that acts without a body (the
      // test email), where a malformed body changes nothing and each call would send an email.
      if (route.access === 'admin' && route.body) tokens.push(await adminToken(stack));
      const failures: Outcome[] = [];
      for (const token of tokens) {
        const requests = [
          ...bodiesFor(route).map((b) => [b, 'application/json'] as const),
          ...brokenJson.map((b) => [b, 'application/json'] as const),
          ['a=1&b=2', 'application/x-www-form-urlencoded'] as const,
          ['texto qualquer', 'text/plain'] as const,
          [
            '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
            'multipart/form-data; boundary=x',
          ] as const,
        ];
        // A few at a time: the point is the answers, not a load test.
        for (let i = 0; i < requests.length; i += 8) {
          const batch = await Promise.all(
            requests.slice(i, i + 8).map(([body, type]) => send(route, body, type, token)),
          );
          failures.push(...batch.filter((o) => o.status >= 500 || !o.json));
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("leaves the admin's settings as they were: no body sent was one the routes accept", async () => {
    const token = await adminToken(stack);
    expect((await call(stack.gatewayUrl, getEmailSettings, { token })).body.payload).toEqual({
      sendEmailAtRegistration: false,
    });
  });
});
