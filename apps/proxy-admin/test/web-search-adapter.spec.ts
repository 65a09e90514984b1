import type { ProxyAdminConfig } from '@platform/config';
import { SearxngClient, WebSearchError } from '../src/web-search/searxng.client';
import { appendToSystemPrompt, formatWebResults } from '../src/web-search/web-results-block';
import {
  FAKE_RESULT_COUNT,
  FakeSearxng,
  startFakeSearxng,
} from './support/web-search-fake-searxng';

const configWith = (url: string | undefined): ProxyAdminConfig =>
  ({ WEB_SEARCH_URL: url }) as ProxyAdminConfig;

async function failureOf(work: Promise<unknown>): Promise<WebSearchError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof WebSearchError) return error;
    throw error;
  }
  throw new Error('the search did not fail');
}

describe('SearXNG adapter and the results block', () => {
  let searxng: FakeSearxng;
  const clients: SearxngClient[] = [];
  const client = (url: string | undefined, deadlineMs?: number): SearxngClient => {
    const made = new SearxngClient(configWith(url), deadlineMs);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    searxng = await startFakeSearxng();
  });
  afterAll(async () => {
    await searxng.close();
    await Promise.all(clients.map((c) => c.beforeApplicationShutdown()));
  });

  it('returns the top results in order, from the configured host only', async () => {
    const results = await client(`${searxng.url}/`).search('otters & co', 3);
    expect(results).toEqual(
      [1, 2, 3].map((n) => ({
        title: `Result ${n} for otters & co`,
        url: `https://example.com/${n}`,
        snippet: `Snippet ${n}`,
      })),
    );
    expect(searxng.seen.at(-1)).toEqual({ path: '/search', q: 'otters & co', format: 'json' });
    expect((await client(searxng.url).search('all', 10)).length).toBe(
      Math.min(10, FAKE_RESULT_COUNT),
    );
  });

  it('fails with web_search_timeout at its deadline (5 s by default, shortened here)', async () => {
    expect(new SearxngClient(configWith(searxng.url))['deadlineMs']).toBe(5_000);
    const error = await failureOf(client(searxng.url, 200).search('search-hang', 5));
    expect(error.code).toBe('web_search_timeout');
    expect(error.message).toBe('Web search did not answer within 200 ms');
  });

  it('fails with web_search_failed on a 500, a non-JSON answer, an unreachable host or a cancel', async () => {
    expect((await failureOf(client(searxng.url).search('search-500', 5))).code).toBe(
      'web_search_failed',
    );
    expect((await failureOf(client(searxng.url).search('search-notjson', 5))).code).toBe(
      'web_search_failed',
    );
    expect((await failureOf(client('http://127.0.0.1:1').search('x', 5))).code).toBe(
      'web_search_failed',
    );
    const cancel = new AbortController();
    const pending = client(searxng.url).search('search-hang', 5, cancel.signal);
    cancel.abort();
    expect((await failureOf(pending)).code).toBe('web_search_failed');
  });

  it('fails with web_search_unavailable when WEB_SEARCH_URL is unset', async () => {
    const error = await failureOf(client(undefined).search('x', 5));
    expect(error.code).toBe('web_search_unavailable');
  });

  it('formats a fenced block and appends it to string, parts and missing system prompts', () => {
    const block = formatWebResults(
      [{ title: 'T', url: 'https://t.example', snippet: 'S' }],
      'abc123',
    );
    expect(block.split('\n').slice(1)).toEqual([
      '<web_results id="abc123">',
      '[1] T - https://t.example',
      'S',
      '</web_results id="abc123">',
    ]);
    const user = { role: 'user', content: 'q' };
    expect(appendToSystemPrompt([user], 'B')).toEqual([{ role: 'system', content: 'B' }, user]);
    const system = { role: 'system', content: 'Be brief.' };
    const messages = [system, user];
    expect(appendToSystemPrompt(messages, 'B')).toEqual([
      { role: 'system', content: 'Be brief.\n\nB' },
      user,
    ]);
    expect(messages[0]).toBe(system);
    expect(
      appendToSystemPrompt([{ role: 'system', content: [{ type: 'text', text: 'x' }] }], 'B'),
    ).toEqual([
      {
        role: 'system',
        content: [
          { type: 'text', text: 'x' },
          { type: 'text', text: 'B' },
        ],
      },
    ]);
  });
});
