// `npm run tools -- device-login`: signs an employee in to the proxy through the OAuth device
// flow and saves the issued `sk-proxy-…` key to a 0600 file. The key itself is never printed.
import { setTimeout as delay } from 'node:timers/promises';
import QRCode from 'qrcode';
import { CommandFailure, defineCommand, UsageError, type Command } from '@platform/cli';
import { DeviceLoginFailure, pollForToken, requestDeviceCode } from './device-login.client';
import { defaultKeyPath, writeKeyFile } from './key-file';

export const DEVICE_LOGIN_USAGE = [
  'usage: npm run tools -- device-login --url <proxy base url> --email <email> [--out <file>]',
  '  --url    the proxy, e.g. https://proxy.example.com (http or https)',
  '  --email  your work email; the approval page signs this account in',
  '  --out    where to save the key (default $XDG_CONFIG_HOME/proxy/key or ~/.config/proxy/key)',
].join('\n');

export interface DeviceLoginDependencies {
  /** Real timers in the CLI; tests record the waits instead of sleeping. */
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Whether stdout is a terminal: the QR code is only drawn there. */
  stdoutIsTty: boolean;
}

export const realDependencies = (): DeviceLoginDependencies => ({
  sleep: (ms) => delay(ms),
  now: () => Date.now(),
  stdoutIsTty: process.stdout.isTTY === true,
});

function proxyUrl(value: string | undefined): string {
  if (value === undefined || value === '') throw new UsageError('--url is required');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--url must be an http(s) URL, got "${value}"`);
  return value;
}

function emailAddress(value: string | undefined): string {
  if (value === undefined || value === '') throw new UsageError('--email is required');
  if (!/^[^\s@]+@[^\s@]+$/.test(value))
    throw new UsageError(`--email is not an email address: "${value}"`);
  return value;
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** "90 days", "12 hours", "45 minutes", "30 seconds": the largest whole unit. */
export function describeLifetime(seconds: number): string {
  const units: Array<[string, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export function deviceLoginCommand(deps: DeviceLoginDependencies = realDependencies()): Command {
  return defineCommand({
    name: 'device-login',
    usage: DEVICE_LOGIN_USAGE,
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      out: { type: 'string' },
    },
    async run({ values, env, io }) {
      const baseUrl = proxyUrl(values.url);
      const email = emailAddress(values.email);
      if (values.out === '') throw new UsageError('--out must name a file');
      const keyPath = values.out ?? defaultKeyPath(env);
      if (new URL(baseUrl).protocol === 'http:' && !isLoopback(new URL(baseUrl))) {
        io.err(
          'device-login: warning: --url is plain http; the key will cross the network unencrypted',
        );
      }

      try {
        const authorization = await requestDeviceCode(baseUrl, email);
        const openUrl = authorization.verificationUriComplete ?? authorization.verificationUri;
        io.out(`Open: ${openUrl}`);
        io.out(`Code: ${authorization.userCode}`);
        if (authorization.verificationUriComplete !== undefined) {
          io.out(`(or open ${authorization.verificationUri} and type the code)`);
        }
        if (deps.stdoutIsTty) {
          const qr = await QRCode.toString(openUrl, { type: 'terminal', small: true });
          io.out(qr.replace(/\n+$/, ''));
        }
        io.out(
          `Waiting for approval as ${email} (the code expires in ${describeLifetime(authorization.expiresInSeconds)})...`,
        );
        const token = await pollForToken({
          baseUrl,
          authorization,
          sleep: deps.sleep,
          now: deps.now,
        });
        let saved: string;
        try {
          saved = await writeKeyFile(keyPath, token.accessToken);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          throw new CommandFailure(
            `the key was issued but could not be saved to ${keyPath} (${code}); run device-login again with --out <file>`,
          );
        }
        io.out(`Saved the proxy key to ${saved} (mode 0600).`);
        if (token.expiresInSeconds === undefined) {
          io.out('Key lifetime: not stated by the proxy.');
        } else {
          const until = new Date(deps.now() + token.expiresInSeconds * 1000).toISOString();
          io.out(
            `Key lifetime: ${describeLifetime(token.expiresInSeconds)} (until ${until.replace(/\.\d{3}Z$/, 'Z')}).`,
          );
        }
        return 0;
      } catch (error) {
        if (error instanceof DeviceLoginFailure) throw new CommandFailure(error.message);
        throw error;
      }
    },
  });
}
