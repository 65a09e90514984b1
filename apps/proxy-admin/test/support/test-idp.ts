import { ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processEnvironment } from '@platform/config';
import { createTestCa, issueTestCertificate } from '@platform/testing';

/** Client metadata the test IdP registers (oidc-provider names; basic auth unless told). */
export interface TestIdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post';
}

export interface TestIdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** The one password every test IdP account signs in with. */
export const TEST_IDP_PASSWORD = 'test-idp-password-1';

/** The people the test IdP knows; the login field takes the email. */
export const TEST_IDP_ACCOUNTS = {
  alice: { sub: 'idp-alice', email: 'alice@acme.test', email_verified: true, name: 'Alice Acme' },
  bob: { sub: 'idp-bob', email: 'bob@acme.test', email_verified: true, name: 'Bob Acme' },
  unverified: {
    sub: 'idp-unverified',
    email: 'unverified@acme.test',
    email_verified: false,
    name: 'Unverified Acme',
  },
  mallory: {
    sub: 'idp-mallory',
    email: 'mallory@evil.test',
    email_verified: true,
    name: 'Mallory',
  },
} as const satisfies Record<string, TestIdpAccount>;

export interface TestIdp {
  /** `https://127.0.0.1:<port>`, also the discovery document's `issuer`. */
  issuer: string;
  /** The CA that issued the IdP's certificate: the only thing that makes it trusted. */
  caCertPem: string;
  /** `caCertPem` on disk, for NODE_EXTRA_CA_CERTS of a spawned service. */
  caCertPath: string;
  /** The IdP's own server certificate (browser.ts pins its key for chromium). */
  serverCertPem: string;
  accounts: typeof TEST_IDP_ACCOUNTS;
  /** What the IdP wrote to stderr (oidc-provider warnings, rejected requests). */
  output(): string;
  close(): Promise<void>;
}

const SERVER_SCRIPT = path.join(__dirname, 'test-idp', 'idp-server.mjs');
const START_TIMEOUT_MS = 15_000;

/** Starts an oidc-provider issuer over HTTPS (a fresh CA per call) in a child node process. */
export async function startTestIdp(options: { clients: TestIdpClient[] }): Promise<TestIdp> {
  const ca = await createTestCa();
  const serverCert = await issueTestCertificate(ca);
  const dir = await mkdtemp(path.join(tmpdir(), 'test-idp-'));
  const caCertPath = path.join(dir, 'ca.pem');
  const settingsPath = path.join(dir, 'settings.json');
  await writeFile(caCertPath, ca.cert);
  const accounts = Object.values(TEST_IDP_ACCOUNTS).map((a) => ({
    ...a,
    password: TEST_IDP_PASSWORD,
  }));
  const settings = { tls: serverCert, clients: options.clients, accounts };
  await writeFile(settingsPath, JSON.stringify(settings), { mode: 0o600 });

  const env = processEnvironment();
  const child = spawn(process.execPath, [SERVER_SCRIPT, settingsPath], {
    env: { PATH: env['PATH'] ?? '', TZ: 'UTC', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const { issuer } = await listeningLine(child, () => stderr);
    return {
      issuer,
      caCertPem: ca.cert,
      caCertPath,
      serverCertPem: serverCert.cert,
      accounts: TEST_IDP_ACCOUNTS,
      output: () => stderr,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Resolves with the `{ issuer, port }` line the server prints once it listens. */
function listeningLine(
  child: ChildProcess,
  stderr: () => string,
): Promise<{ issuer: string; port: number }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(new Error(`test IdP ${why}:\n${stderr()}`));
    };
    const timer = setTimeout(
      () => fail(`did not listen within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => fail(`exited with ${code} before listening`));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      resolve(JSON.parse(stdout.slice(0, newline)) as { issuer: string; port: number });
    });
  });
}
