// The on-call queue board in a real browser: Debian's Chromium, driven by playwright-core,
// opens maritime's /admin/queues with the board's token and sees a seeded failed job; without
// the token the page, an asset and the board's API are refused.
import { QueueRegistry } from '@platform/queues';
import { launchChromium, waitFor } from '@platform/testing';
import { Worker, type Job } from 'bullmq';
import type { Browser, BrowserContext } from 'playwright-core';
import { maritimeForFile } from './support/maritime-harness';

const TOKEN = 'oncall-board-token-7f3a9c2e51';

const maritime = maritimeForFile({ env: { QUEUE_BOARD_TOKEN: TOKEN } });
let chromiumBrowser: Browser | undefined;
const contexts: BrowserContext[] = [];
let failed: Job;

/**
 * A new browser context (its own cookies, cache and credentials) in which only requests to the
 * service leave the machine (the board's page would load fonts from the web).
 */
async function browser(credentials?: { username: string; password: string }) {
  const context = await chromiumBrowser!.newContext({ httpCredentials: credentials });
  contexts.push(context);
  await context.route('**/*', (route) =>
    route.request().url().startsWith(maritime.url) ? route.continue() : route.abort(),
  );
  return context;
}

beforeAll(async () => {
  // A fresh profile directory of its own, removed when the browser closes.
  chromiumBrowser = await launchChromium();
}, 900_000);

beforeAll(async () => {
  // A risk-recompute job that failed in a worker (the service itself runs none here).
  const registry = maritime.harness.instances[0]!.app.get(QueueRegistry);
  failed = await registry.queue('risk-recompute').add('recompute-fleet', { imos: [] });
  const worker = new Worker(
    'risk-recompute',
    async () => {
      throw new Error('sanctions feed timed out (seeded)');
    },
    { connection: registry.connection.duplicate(), prefix: registry.prefix },
  );
  try {
    await waitFor(async () => (await failed.getState()) === 'failed', 10_000, 'the job to fail');
  } finally {
    await worker.close();
    await worker.disconnect();
  }
});

// Each test's context closes after it, long before the service stops, so no browser connection
// holds the service's shutdown.
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await chromiumBrowser?.close();
});

describe('the queue board in Chromium', () => {
  it('shows the queue and its failed job to an engineer who gives the token as Basic password', async () => {
    const context = await browser({ username: 'oncall', password: TOKEN });
    const page = await context.newPage();
    const response = await page.goto(
      `${maritime.url}/admin/queues/queue/risk-recompute?status=failed`,
    );
    expect(response?.status()).toBe(200);
    await page.getByText('sanctions feed timed out (seeded)').first().waitFor({ timeout: 20_000 });
    await expect(page.title()).resolves.toBe('maritime queues');
    const text = await page.locator('body').innerText();
    for (const queue of ['risk-recompute', 'ais-derive', 'sanctions-screen', 'partitions-maintain'])
      expect(text).toContain(queue);
    expect(text).toContain('recompute-fleet');
    expect(text).toContain(`${failed.id}`);
  });

  it('shows the board to a Bearer token too', async () => {
    const context = await browser();
    await context.setExtraHTTPHeaders({ authorization: `Bearer ${TOKEN}` });
    const page = await context.newPage();
    await page.goto(`${maritime.url}/admin/queues`);
    await page.getByText('risk-recompute').first().waitFor({ timeout: 20_000 });
  });

  it('refuses the page, an asset and the API without the token, asking for Basic auth', async () => {
    const context = await browser();
    // The browser is asked for credentials it does not have, so it shows no board at all.
    const page = await context.newPage();
    await expect(page.goto(`${maritime.url}/admin/queues`)).rejects.toThrow(
      /ERR_INVALID_AUTH_CREDENTIALS/,
    );
    for (const target of [
      '/admin/queues',
      '/admin/queues/queue/risk-recompute',
      '/admin/queues/static/favicon-32x32.png',
      '/admin/queues/api/queues',
      `/admin/queues/api/queues/risk-recompute/${failed.id}`,
    ]) {
      const refused = await context.request.get(`${maritime.url}${target}`);
      expect({ target, status: refused.status() }).toEqual({ target, status: 401 });
      expect(refused.headers()['www-authenticate']).toBe('Basic realm="queues"');
      expect(await refused.text()).not.toContain('recompute-fleet');
    }
  });

  it('refuses a wrong password', async () => {
    const context = await browser({ username: 'oncall', password: `${TOKEN}-wrong` });
    const refused = await context.request.get(`${maritime.url}/admin/queues/api/queues`);
    expect(refused.status()).toBe(401);
  });
});

describe('the queue gauges of maritime', () => {
  it('count the failed job on /metrics', async () => {
    const text = await (await fetch(`${maritime.url}/metrics`)).text();
    expect(text).toContain(
      'queue_jobs{queue="risk-recompute",state="failed",service="maritime"} 1',
    );
    expect(text).toContain(
      'queue_oldest_waiting_job_age_seconds{queue="risk-recompute",service="maritime"} 0',
    );
    expect(text).toContain('queue_dead_lettered_jobs{queue="risk-recompute",service="maritime"} 0');
  });
});
