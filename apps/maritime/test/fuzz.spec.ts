// Malformed input on every route of the service's own OpenAPI document, and on the hand-written
// OpenAPI 3.1 document of the latest-position route: never a 5xx, always the error shape.
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import fc from 'fast-check';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

jest.setTimeout(120_000);
const maritime = maritimeForFile({ ...smallSeedTemplate, env: { TRUST_PROXY_HOPS: '1' } });

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string }[];
}

const NASTY = [
  '',
  ' ',
  '%00',
  'a%00b',
  '-1',
  '0',
  '1e309',
  '9999999',
  '9074729',
  '1.5',
  'null',
  'true',
  '[]',
  '%7B%7D',
  "'%20OR%201=1--",
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%9A%A2',
  'x'.repeat(5000),
  '2026-02-30',
  '2026-03-31T23:59:59Z',
  '1970-01-01',
  'pdf',
  'rotterdam',
  'combined',
];

let counter = 0;
const ip = (): string => {
  counter += 1;
  return `198.51.${(counter >> 8) & 255}.${counter & 255}`;
};

async function operations(): Promise<Operation[]> {
  const doc = (await (await fetch(`${maritime.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      if (path.startsWith('/api/v1/'))
        ops.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [] });
  return ops;
}

describe('fuzzed input', () => {
  it('never answers 5xx on any route, with or without a key', async () => {
    const admin = await maritime.mintKey('admin', { analyst: true });
    const ops = await operations();
    expect(ops.length).toBeGreaterThanOrEqual(18);
    const failures: string[] = [];
    const arbitrary = fc.record({
      op: fc.constantFrom(...ops),
      values: fc.array(fc.constantFrom(...NASTY), { minLength: 6, maxLength: 6 }),
      keyed: fc.boolean(),
      body: fc.oneof(
        fc.constant('{"weights":{"gap_duration":"\\u0000"}}'),
        fc.constant('{"weights":[1,2]}'),
        fc.constant('{"a":'),
        fc.constant('[]'),
        fc.constant('"\\u0000"'),
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'text/csv',
        'application/x-www-form-urlencoded',
      ),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ op, values, keyed, body, contentType }) => {
        let i = 0;
        const path = op.path.replace(/\{[^}]+\}/g, () => values[i++ % values.length]!);
        const query = op.parameters
          .filter((p) => p.in === 'query')
          .map((p, j) => `${p.name}=${values[(j + 2) % values.length]}`)
          .concat(['unexpected=1'].slice(0, values[5] === '' ? 1 : 0))
          .join('&');
        const response = await fetch(`${maritime.url}${path}${query ? `?${query}` : ''}`, {
          method: op.method,
          headers: {
            'x-forwarded-for': ip(),
            ...(keyed ? { 'x-api-key': admin } : {}),
            ...(op.method === 'GET' ? {} : { 'content-type': contentType }),
          },
          body: op.method === 'GET' ? undefined : body,
        });
        const text = await response.text();
        if (response.status >= 500)
          failures.push(
            `${op.method} ${path}?${query} -> ${response.status} ${text.slice(0, 200)}`,
          );
        if (
          response.status >= 400 &&
          response.headers.get('content-type')?.startsWith('application/json')
        ) {
          const parsed = JSON.parse(text) as { error?: unknown; code?: unknown };
          expect(typeof parsed.error).toBe('string');
          expect(typeof parsed.code).toBe('string');
        }
      }),
      { numRuns: 400, seed: 20261125 },
    );
    expect(failures).toEqual([]);
  });

  it('serves a valid OpenAPI 3.1 document for the latest-position route', async () => {
    const reply = await maritime.get<{ openapi: string; paths: Record<string, unknown> }>(
      '/api/v1/ais/openapi.json',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(Object.keys(reply.body.paths)).toEqual(['/api/v1/ais/{provider}/{imo}/location/latest']);
    const validation = await validateOpenApi(structuredClone(reply.body) as never);
    expect(validation.valid ? '' : compileErrors(validation)).toBe('');
  });
});
