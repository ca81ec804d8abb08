import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type Client, type TestServer } from './test-server.js';

// Every route the OpenAPI document lists, called with hostile values made from its own schemas:
// wrong types, numbers past every column, long strings, odd percent-encodings. None may answer 5xx.

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: 'path' | 'query'; name: string; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Values for an address (path or query): each is sent as it is, without further encoding. */
const HOSTILE_ADDRESS_VALUES = [
  '',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '9'.repeat(400),
  '1e309',
  'NaN',
  'abc',
  '%',
  '%25',
  '%E0%A4%A',
  '%00',
  '%C0%AE%C0%AE%2F',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('😀'.repeat(50)),
  'x'.repeat(5000),
];

/** Values for a field of a JSON body. */
const HOSTILE_JSON_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2_147_483_648,
  9_223_372_036_854_775_808,
  1e308,
  '',
  '2147483648',
  'x'.repeat(20_000),
  '\u0000',
  '%E0%A4%A',
  '😀'.repeat(500),
  [],
  [1, 'a', null],
  {},
  { __proto__: { polluted: true } },
];

/** Whole bodies that are no object of the schema at all. */
const HOSTILE_RAW_BODIES = ['', 'not json', '{"a":', 'null', '[]', '"text"', '123', '{"a":1}'];

function resolve(doc: Document, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length) {
    return {
      type: 'object',
      properties: Object.assign({}, ...schema.allOf.map((s) => resolve(doc, s).properties ?? {})),
    };
  }
  return schema;
}

/** A value of the right type, so that a hostile one in another field is what gets judged. */
function plausible(doc: Document, raw: Schema): unknown {
  const schema = resolve(doc, raw);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.anyOf?.length || schema.oneOf?.length)
    return plausible(doc, (schema.anyOf ?? schema.oneOf)![0]!);
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(doc, value)]),
    );
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'x';
}

type Attempt = { method: string; path: string; body?: BodyInit; contentType?: string };

function attemptsFor(doc: Document, path: string, method: string, operation: Operation) {
  const attempts: Attempt[] = [];
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const fillPath = (hostile?: { name: string; value: string }) =>
    pathParameters.reduce(
      (filled, p) =>
        filled.replace(
          `{${p.name}}`,
          hostile?.name === p.name
            ? hostile.value
            : encodeURIComponent(String(plausible(doc, p.schema))),
        ),
      path,
    );
  const plainPath = fillPath();
  const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const plainBody = media ? plausible(doc, media.schema) : undefined;
  const encode = (value: unknown): Pick<Attempt, 'body' | 'contentType'> => {
    if (!contentType) return {};
    if (contentType === 'application/json')
      return { body: JSON.stringify(value), contentType: 'application/json' };
    const form = new FormData();
    for (const [key, field] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      form.append(key, typeof field === 'string' ? field : JSON.stringify(field));
    }
    return { body: form };
  };
  const send = (at: string, body: unknown = plainBody) =>
    attempts.push({ method, path: at, ...encode(body) });

  send(plainPath);
  for (const value of HOSTILE_ADDRESS_VALUES) {
    for (const p of pathParameters) send(fillPath({ name: p.name, value }));
    for (const p of queryParameters) send(`${plainPath}?${p.name}=${value}`);
  }
  // The same query parameter twice, and a name that is no parameter.
  for (const p of queryParameters) send(`${plainPath}?${p.name}=1&${p.name}=2`);
  send(`${plainPath}?unknown=%E0%A4%A`);

  if (contentType && plainBody && typeof plainBody === 'object') {
    for (const key of Object.keys(plainBody)) {
      for (const value of HOSTILE_JSON_VALUES) send(plainPath, { ...plainBody, [key]: value });
    }
  }
  if (contentType) {
    for (const raw of HOSTILE_RAW_BODIES)
      attempts.push({ method, path: plainPath, body: raw, contentType });
  }
  // A body where none is expected, and a type the route does not take (fetch sends no GET body).
  if (method !== 'GET') {
    attempts.push({ method, path: plainPath, body: '{"a":1}', contentType: 'application/json' });
    attempts.push({ method, path: plainPath, body: 'a=1', contentType: 'text/plain' });
  }
  return attempts;
}

let t: TestServer;
let client: Client;
/** The public API (`/api/v1`) is reached with a key, never the cookie. */
let apiKey: string;
beforeAll(async () => {
  // No credits: a body that happens to be valid cannot start a real generation.
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true', FREE_CREDITS: '0' });
  ({ client } = await signUpVerified(t));
  const created = await client.request('/api/api-keys', { method: 'POST', json: { name: 'x' } });
  apiKey = ((await created.json()) as { key: string }).key;
});
afterAll(() => t.stop());

describe('every documented route under hostile input', () => {
  it('answers below 500, signed in and signed out', { timeout: 240_000 }, async () => {
    const doc = (await (await client.request('/api/openapi.json')).json()) as Document;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(30);
    // Deleting the account goes last, so every other route sees a signed-in person.
    operations.sort(
      (a, b) =>
        Number(a.method === 'delete' && a.path === '/api/me') -
        Number(b.method === 'delete' && b.path === '/api/me'),
    );
    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, operation } of operations) {
      for (const attempt of attemptsFor(doc, path, method.toUpperCase(), operation)) {
        for (const signedIn of [true, false]) {
          const headers: Record<string, string> = {};
          if (attempt.contentType) headers['content-type'] = attempt.contentType;
          const init = { method: attempt.method, headers, body: attempt.body };
          const withKey = attempt.path.startsWith('/api/v1/');
          if (signedIn && withKey) headers.authorization = `Bearer ${apiKey}`;
          const res =
            signedIn && !withKey
              ? await client.request(attempt.path, init)
              : await fetch(new URL(attempt.path, t.baseUrl), init);
          await res.arrayBuffer();
          sent += 1;
          if (res.status >= 500) {
            const body = typeof attempt.body === 'string' ? ` ${attempt.body.slice(0, 120)}` : '';
            failures.push(
              `${attempt.method} ${attempt.path.slice(0, 200)}${body} -> ${res.status}${signedIn ? '' : ' (signed out)'}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});
