// The CSRF guard of the dashboard routes: a cookie-authenticated write from another site is 403
// origin_mismatch, and CORS lets the configured dashboard origin call with credentials.
import { expectError, sessionToken } from './support/dashboard-client';
import { geoForFile } from './support/geo-harness';

const APP_ORIGIN = 'https://app.example.test';
const file = geoForFile({ env: { APP_ORIGIN } });
let url: string;
let cookie: string;

beforeAll(async () => {
  url = file.geo.instances[0]!.url;
  cookie = `session=${await sessionToken('user-ada')}`;
});

beforeEach(async () => {
  await file.geo.db.query('DELETE FROM saved_searches');
});

const savedSearchCount = async (): Promise<number> =>
  Number(
    (await file.geo.db.query<{ n: string }[]>('SELECT count(*) AS n FROM saved_searches'))[0].n,
  );

function createSearch(name: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${url}/api/saved-searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name, filter: { q: name } }),
  });
}

describe('dashboard CSRF guard', () => {
  it.each([
    'https://evil.example',
    'null',
    'http://app.example.test',
    'https://app.example.test:8443',
  ])(
    'refuses a cookie-authenticated write whose Origin is %s with 403, and stores nothing',
    async (origin) => {
      const reply = await createSearch('x', { cookie, origin });
      expect(reply.status).toBe(403);
      expectError(await reply.json(), 'origin_mismatch');
      expect(await savedSearchCount()).toBe(0);
    },
  );

  it('refuses a cross-site DELETE and PATCH too, leaving the row alone', async () => {
    const created = await createSearch('keep', { cookie, origin: APP_ORIGIN });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const method of ['DELETE', 'PATCH']) {
      const reply = await fetch(`${url}/api/saved-searches?id=${id}`, {
        method,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: method === 'PATCH' ? JSON.stringify({ name: 'stolen' }) : undefined,
      });
      expect({ method, status: reply.status }).toEqual({ method, status: 403 });
    }
    const [row] = await file.geo.db.query<{ name: string }[]>('SELECT name FROM saved_searches');
    expect(row?.name).toBe('keep');
  });

  it('accepts the dashboard origin, the API host itself, and a request without Origin', async () => {
    expect((await createSearch('from-app', { cookie, origin: APP_ORIGIN })).status).toBe(201);
    expect((await createSearch('same-host', { cookie, origin: url })).status).toBe(201);
    expect((await createSearch('no-origin', { cookie })).status).toBe(201);
    expect(await savedSearchCount()).toBe(3);
  });

  it('leaves reads alone and bearer-authenticated writes alone, whatever their Origin', async () => {
    const read = await fetch(`${url}/api/saved-searches`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
    const bearer = await createSearch('bearer', {
      authorization: `Bearer ${await sessionToken('user-ada')}`,
      origin: 'https://evil.example',
    });
    expect(bearer.status).toBe(201);
  });

  it('checks the session first: no session is 401, not 403', async () => {
    const reply = await createSearch('anon', { origin: 'https://evil.example' });
    expect(reply.status).toBe(401);
  });
});

describe('dashboard CORS', () => {
  it('answers a preflight from the dashboard origin, allowing credentials', async () => {
    const reply = await fetch(`${url}/api/saved-searches`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('grants no other origin', async () => {
    const reply = await fetch(`${url}/api/saved-searches`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(reply.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });
});
