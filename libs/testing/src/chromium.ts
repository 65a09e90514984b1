import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Browser, chromium } from 'playwright-core';

/** Debian's chromium: tests drive the system browser, never a downloaded one. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Installs Debian's chromium when it is missing (needs root and apt). */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const apt = (args: string[]): void => {
    execFileSync('apt-get', args, { stdio: 'pipe', timeout: 600_000 });
  };
  try {
    try {
      apt(['install', '-y', 'chromium']);
    } catch {
      apt(['update']);
      apt(['install', '-y', 'chromium']);
    }
  } catch (error) {
    throw new Error(
      `${CHROMIUM_PATH} is missing and "apt-get install -y chromium" failed: ${String(error)}`,
    );
  }
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is absent`);
  return CHROMIUM_PATH;
}

/** base64(sha256(SubjectPublicKeyInfo)): the form --ignore-certificate-errors-spki-list takes. */
export function spkiHash(certPem: string): string {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

export interface LaunchChromiumOptions {
  /**
   * Server certificates chromium accepts although no system CA signed them. Only these keys are
   * let through; every other certificate error still fails the navigation.
   */
  trustedServerCertPems?: string[];
}

/**
 * Headless Debian chromium. `launch` gives every run a fresh temporary profile (removed on
 * `browser.close()`), and each `browser.newContext()` its own cookie jar.
 */
export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<Browser> {
  const pins = (options.trustedServerCertPems ?? []).map(spkiHash);
  const args = pins.length
    ? [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${pins.join(',')}`]
    : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: ensureChromium(), headless: true, args });
}
