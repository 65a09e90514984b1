import { generate } from 'selfsigned';

export interface TestCertificate {
  key: string;
  cert: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost. Clients trust it by passing `cert` as
 * their CA, so HTTPS peers are tested without disabling verification.
 */
export async function createTestCertificate(): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
