import { createDataSource } from '@platform/database';
import { freePort, isolateService, spawnService, type ServiceProcess } from '@platform/testing';
import type { DataSource } from 'typeorm';
import { migrations } from '../../src/migrations';
import { ADMIN_SECRET } from './proxy-harness';
import { startTestIdp, type TestIdp } from './test-idp';

export const IDP_CLIENT_ID = 'proxy-admin-test-client';
export const IDP_CLIENT_SECRET = 'idp-client-secret-0123456789abcdef';
/** base64 of 32 bytes: the key that seals client secrets in these tests. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** The proxy as its own process, trusting the test IdP's CA, beside that IdP. */
export interface SsoProxy {
  url: string;
  idp: TestIdp;
  /** Everything the proxy process wrote (its structured logs). */
  output(): string;
  db: DataSource;
  close(): Promise<void>;
}

/**
 * Starts a test OIDC provider over HTTPS and proxy-admin's real main.ts in a child process with
 * NODE_EXTRA_CA_CERTS naming the IdP's CA, as an operator would trust a private PKI: Node reads
 * that variable only at start-up, so the service cannot run inside the Jest process here.
 */
export async function startSsoProxy(extraEnv: Record<string, string> = {}): Promise<SsoProxy> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const idp = await startTestIdp({
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: IDP_CLIENT_SECRET,
        redirect_uris: [`${url}/oauth/device/callback`],
      },
    ],
  });
  const resources = await isolateService({
    service: 'proxy_admin',
    migrations,
    redisPrefixBase: 'pa:',
  });
  let proxy: ServiceProcess;
  try {
    proxy = await spawnService(
      'apps/proxy-admin/src/main.ts',
      {
        ...resources.env,
        LOG_LEVEL: 'info',
        ADMIN_SECRET,
        SSO_DEVICE_FLOW_ENABLED: 'true',
        SSO_CALLBACK_BASE_URL: url,
        ALLOW_PRIVATE_TARGETS: 'true',
        SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
        NODE_EXTRA_CA_CERTS: idp.caCertPath,
        ...extraEnv,
      },
      port,
    );
  } catch (error) {
    await idp.close();
    await resources.release();
    throw error;
  }
  const db = createDataSource({
    url: resources.database.url,
    migrations: [],
    applicationName: 'proxy_admin-sso-test',
  });
  await db.initialize();
  return {
    url,
    idp,
    output: () => proxy.output(),
    db,
    close: async () => {
      proxy.child.kill('SIGTERM');
      await proxy.exited;
      await db.destroy();
      await idp.close();
      await resources.release();
    },
  };
}

/** Registers the test IdP for a team and login domain through the admin API. */
export async function connectIdp(
  proxy: SsoProxy,
  options: { teamId?: string; loginDomain?: string } = {},
): Promise<{ id: string; status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${proxy.url}/admin/idp-configs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      team_id: options.teamId ?? 'team-acme',
      provider: 'okta',
      login_domain: options.loginDomain ?? 'acme.test',
      issuer: proxy.idp.issuer,
      client_id: IDP_CLIENT_ID,
      client_secret: IDP_CLIENT_SECRET,
    }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { id: String(body['id']), status: response.status, body };
}
