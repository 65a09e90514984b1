import { loadConfig, MaritimeConfig } from '@platform/config';
import type { Plan } from '@platform/maritime-domain';
import {
  fetchJson,
  harnessForFile,
  JsonReply,
  ServiceHarness,
  ServiceHarnessOptions,
  startServiceHarness,
} from '@platform/testing';
import { createApp } from '../../src/create-app';
import { migrations } from '../../src/migrations';
import { ApiKeysService } from '../../src/platform/api-keys/api-keys.service';

export type MaritimeHarness = ServiceHarness<MaritimeConfig>;

export type MaritimeHarnessOptions = Partial<
  Pick<
    ServiceHarnessOptions<MaritimeConfig>,
    'env' | 'replicas' | 'clock' | 'prepareTemplate' | 'templateVariant'
  >
>;

/** One test file's maritime: its own database, Redis prefix and clock; workers off by default. */
export function startMaritime(options: MaritimeHarnessOptions = {}): Promise<MaritimeHarness> {
  return startServiceHarness({
    service: 'maritime',
    redisPrefixBase: 'mar:',
    migrations,
    loadConfig: (env) => loadConfig(MaritimeConfig, env),
    createApp,
    ...options,
    env: { QUEUE_WORKERS: 'false', ...options.env },
  });
}

export interface MaritimeForFile {
  readonly harness: MaritimeHarness;
  /** Base URL of the first replica. */
  readonly url: string;
  get<T = Record<string, unknown>>(path: string, key?: string): Promise<JsonReply<T>>;
  send<T = Record<string, unknown>>(
    method: string,
    path: string,
    body: unknown,
    key?: string,
  ): Promise<JsonReply<T>>;
  /** Creates a key of `plan` for `owner` the way the keys command does; returns the plaintext. */
  mintKey(
    plan: Plan,
    options?: { owner?: string; analyst?: boolean; rate?: number },
  ): Promise<string>;
}

/** One maritime for a whole test file, started before its tests and closed after them. */
export function maritimeForFile(options: MaritimeHarnessOptions = {}): MaritimeForFile {
  const file = harnessForFile(() => startMaritime(options));
  const headers = (key?: string): Record<string, string> => (key ? { 'x-api-key': key } : {});
  const api: MaritimeForFile = {
    get harness() {
      return file.current;
    },
    get url() {
      return file.current.instances[0]!.url;
    },
    get: (path, key) => fetchJson(`${api.url}${path}`, { headers: headers(key) }),
    send: (method, path, body, key) =>
      fetchJson(`${api.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers(key) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async mintKey(plan, mint = {}) {
      const created = await file.current.instances[0]!.app.get(ApiKeysService).create({
        ownerId: mint.owner ?? `owner-${plan}`,
        plan,
        analyst: mint.analyst,
        rateLimitPerMin: mint.rate ?? null,
      });
      return created.key;
    },
  };
  return api;
}
