import { generate } from 'selfsigned';
import type { TestCertificate } from './test-certificate';

/** A certificate authority made for one test run; its certificate is what clients trust. */
export interface TestCa {
  cert: string;
  key: string;
}

/** Names a test server answers to: 127.0.0.1, ::1, localhost and anything under webhooks.test. */
export const TEST_SERVER_NAMES = {
  dns: ['localhost', '*.webhooks.test'],
  ips: ['127.0.0.1', '::1'],
} as const;

const TWO_DAYS_MS = 2 * 86_400_000;

/** A fresh test CA (EC P-256, valid two days). */
export async function createTestCa(): Promise<TestCa> {
  const pems = await generate([{ name: 'commonName', value: 'platform test CA' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TWO_DAYS_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * A server certificate signed by `ca` for the given names (by default 127.0.0.1, ::1, localhost
 * and `*.webhooks.test`: a name a test's own resolver can map to 127.0.0.1 while no real DNS
 * server knows it).
 */
export async function issueTestCertificate(
  ca: TestCa,
  names: { dns: readonly string[]; ips: readonly string[] } = TEST_SERVER_NAMES,
): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: names.dns[0] ?? 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TWO_DAYS_MS),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...names.dns.map((value) => ({ type: 2 as const, value })),
          ...names.ips.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
