import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readBody, sendJson, startFakeServer, type FakeServer } from '@platform/testing';
import { DEVICE_CODE_GRANT } from './device-login/device-login.client';
import { deviceLoginCommand } from './device-login/device-login.command';

// tools/device-login.ts against a real HTTP server on 127.0.0.1 that plays proxy-admin's side of
// the device flow. Waits are recorded on a fake clock instead of slept, except in the one run of
// the real CLI, which uses real timers with a 1 s interval.
const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..');
const USER_CODE = 'BCDF-GHJK';

/** What the fake answers to each token poll, in order; the last one repeats. */
type PollAnswer =
  'pending' | 'slow_down' | 'access_denied' | 'expired_token' | 'invalid_grant' | 'drop' | 'token';

interface DevicePeer {
  server: FakeServer;
  key: string;
  codeRequests: unknown[];
  tokenRequests: unknown[];
}

async function startDevicePeer(
  answers: PollAnswer[],
  options: { interval?: number; expiresIn?: number; start?: (res: ServerResponse) => void } = {},
): Promise<DevicePeer> {
  const key = `sk-proxy-${randomBytes(24).toString('hex')}`;
  const peer = { key, codeRequests: [] as unknown[], tokenRequests: [] as unknown[] };
  let polls = 0;
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const body: unknown = JSON.parse((await readBody(req)) || 'null');
    if (req.method === 'POST' && req.url === '/oauth/device/code') {
      peer.codeRequests.push(body);
      if (options.start) return options.start(res);
      return sendJson(res, 200, {
        device_code: 'device-code-1',
        user_code: USER_CODE,
        verification_uri: `${server.url}/device`,
        verification_uri_complete: `${server.url}/device?user_code=${USER_CODE}`,
        expires_in: options.expiresIn ?? 900,
        interval: options.interval ?? 5,
      });
    }
    if (req.method === 'POST' && req.url === '/oauth/device/token') {
      peer.tokenRequests.push(body);
      const next = answers[Math.min(polls++, answers.length - 1)];
      if (next === 'drop') return void req.socket.destroy();
      if (next === 'token')
        return sendJson(res, 200, {
          access_token: key,
          token_type: 'Bearer',
          expires_in: 2_592_000,
        });
      const error = next === 'pending' ? 'authorization_pending' : next;
      return sendJson(res, 400, { error, error_description: `fake says ${error}` });
    }
    sendJson(res, 404, { error: { message: 'no route', type: 'not_found', code: 'not_found' } });
  };
  const server = await startFakeServer((req, res) => void answer(req, res));
  return { server, ...peer };
}

/** Runs the command in-process with a fake clock; `sleeps` are the waits it asked for, in ms. */
async function login(args: string[], env: Record<string, string> = {}, stdoutIsTty = false) {
  const out: string[] = [];
  const err: string[] = [];
  const sleeps: number[] = [];
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const command = deviceLoginCommand({
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
    stdoutIsTty,
  });
  const code = await command.run(args, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, sleeps, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('tools/device-login', () => {
  let dir: string;
  const peers: DevicePeer[] = [];
  const peer = async (...args: Parameters<typeof startDevicePeer>) => {
    const started = await startDevicePeer(...args);
    peers.push(started);
    return started;
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'device-login-'));
  });
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.server.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('polls at the server interval, adds 5 s on slow_down, and saves the key 0600', async () => {
    const p = await peer(['pending', 'pending', 'slow_down', 'token']);
    const out = path.join(dir, 'nested', 'proxy', 'key');
    const result = await login(['--url', p.server.url, '--email', 'ada@example.com', '--out', out]);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.sleeps).toEqual([5000, 5000, 5000, 10_000]);
    expect(p.codeRequests).toEqual([{ email: 'ada@example.com' }]);
    expect(p.tokenRequests).toHaveLength(4);
    for (const body of p.tokenRequests)
      expect(body).toEqual({ grant_type: DEVICE_CODE_GRANT, device_code: 'device-code-1' });

    expect(result.stdout).toContain(`Open: ${p.server.url}/device?user_code=${USER_CODE}\n`);
    expect(result.stdout).toContain(`Code: ${USER_CODE}\n`);
    expect(result.stdout).toContain(`Saved the proxy key to ${out} (mode 0600).`);
    expect(result.stdout).toContain('Key lifetime: 30 days (until 2026-12-25T12:00:25Z).');
    expect(result.stdout).not.toMatch(/[▀▄█]/); // no QR code when stdout is not a terminal
    expect(`${result.stdout}${result.stderr}`).not.toContain(p.key);

    expect(await readFile(out, 'utf8')).toBe(p.key);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(out))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, 'nested'))).mode & 0o777).toBe(0o700);
  });

  it('keeps every slow_down: the interval grows by 5 s each time', async () => {
    const p = await peer(['slow_down', 'slow_down', 'pending', 'token']);
    const result = await login([
      ...['--url', p.server.url, '--email', 'ada@example.com'],
      ...['--out', path.join(dir, 'key')],
    ]);
    expect(result.code).toBe(0);
    expect(result.sleeps).toEqual([5000, 10_000, 15_000, 15_000]);
  });

  it('draws a QR code of the approval URL when stdout is a terminal', async () => {
    const p = await peer(['token'], { interval: 2 });
    const result = await login(
      ['--url', p.server.url, '--email', 'ada@example.com', '--out', path.join(dir, 'key')],
      {},
      true,
    );
    expect(result.code).toBe(0);
    expect(result.sleeps).toEqual([2000]);
    expect(result.stdout).toMatch(/[▀▄█]{7}/);
    expect(result.stdout).not.toContain(p.key);
  });

  it('overwrites an existing key file atomically, leaving it 0600 and no temporary file', async () => {
    const p = await peer(['token']);
    const out = path.join(dir, 'key');
    await writeFile(out, 'old key that was world-readable', { mode: 0o644 });
    const result = await login(['--url', p.server.url, '--email', 'a@b.c', '--out', out]);
    expect(result.code).toBe(0);
    expect(await readFile(out, 'utf8')).toBe(p.key);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['key']);
  });

  it('saves to $XDG_CONFIG_HOME/proxy/key, or ~/.config/proxy/key without it', async () => {
    const p = await peer(['token']);
    const args = ['--url', p.server.url, '--email', 'a@b.c'];
    const xdg = path.join(dir, 'xdg');
    expect((await login(args, { XDG_CONFIG_HOME: xdg, HOME: dir })).code).toBe(0);
    expect(await readFile(path.join(xdg, 'proxy', 'key'), 'utf8')).toBe(p.key);

    const home = path.join(dir, 'home');
    // A relative XDG_CONFIG_HOME is invalid per the XDG spec and ignored.
    const result = await login(args, { XDG_CONFIG_HOME: 'relative', HOME: home });
    expect(result.stdout).toContain(`Saved the proxy key to ${home}/.config/proxy/key`);
    expect((await stat(path.join(home, '.config', 'proxy'))).mode & 0o777).toBe(0o700);
  });

  it.each([
    ['access_denied', /device-login: the login was denied in the browser; no key was issued/],
    ['expired_token', /device-login: the code expired before it was approved; run device-login/],
    ['invalid_grant', /device-login: the proxy no longer accepts this login \(invalid_grant\)/],
  ] as const)('stops on %s with exit 1 and no key file', async (answer, message) => {
    const p = await peer(['pending', answer]);
    const out = path.join(dir, 'key');
    const result = await login(['--url', p.server.url, '--email', 'a@b.c', '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.sleeps).toEqual([5000, 5000]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('gives up at the local deadline (expires_in) without polling past it', async () => {
    const p = await peer(['pending'], { expiresIn: 12, interval: 5 });
    const result = await login([
      ...['--url', p.server.url, '--email', 'a@b.c', '--out', path.join(dir, 'key')],
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the code expired after 12 s without approval/);
    expect(result.sleeps).toEqual([5000, 5000]); // a third poll would land at 15 s > 12 s
    expect(p.tokenRequests).toHaveLength(2);
  });

  it('retries dropped connections at the same interval, then succeeds', async () => {
    const p = await peer(['drop', 'drop', 'drop', 'token']);
    const out = path.join(dir, 'key');
    const result = await login(['--url', p.server.url, '--email', 'a@b.c', '--out', out]);
    expect(result.code).toBe(0);
    expect(result.sleeps).toEqual([5000, 5000, 5000, 5000]);
    expect(await readFile(out, 'utf8')).toBe(p.key);
  });

  it('stops after 4 unreachable polls in a row', async () => {
    const p = await peer(['pending', 'drop']);
    const result = await login([
      ...['--url', p.server.url, '--email', 'a@b.c', '--out', path.join(dir, 'key')],
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot reach .*\/oauth\/device\/token \(4 attempts in a row\)/);
    expect(result.sleeps).toEqual([5000, 5000, 5000, 5000, 5000]);
  });

  it('reports a refused start, with Retry-After on 429', async () => {
    const limited = await peer([], {
      start: (res) => {
        res.setHeader('retry-after', '30');
        sendJson(res, 429, {
          error: { message: 'Too many requests', type: 'rate_limit', code: 'rate_limited' },
        });
      },
    });
    const args = ['--email', 'a@b.c', '--out', path.join(dir, 'key')];
    const result = await login(['--url', limited.server.url, ...args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/too many login attempts: .*rate_limited.*try again in 30 s/);
    expect(result.sleeps).toEqual([]);

    const refusing = await peer([], {
      start: (res) =>
        sendJson(res, 403, {
          error: { message: 'unknown domain', type: 'forbidden', code: 'email_not_allowed' },
        }),
    });
    const refused = await login(['--url', refusing.server.url, ...args]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/HTTP 403\): unknown domain \(email_not_allowed\)/);
  });

  it.each([
    [['--email', 'a@b.c'], /--url is required/],
    [['--url', 'http://127.0.0.1:1'], /--email is required/],
    [['--url', 'ftp://proxy.example.com', '--email', 'a@b.c'], /--url must be an http\(s\) URL/],
    [['--url', 'proxy.example.com', '--email', 'a@b.c'], /--url must be an http\(s\) URL/],
    [['--url', 'http://127.0.0.1:1', '--email', 'not-an-email'], /--email is not an email/],
    [['--url', 'http://127.0.0.1:1', '--email', 'a@b.c', '--verbose'], /Unknown option/],
  ])('refuses %j with the usage and exit 2', async (args, message) => {
    const result = await login(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('usage: npm run tools -- device-login');
  });

  describe('the real CLI (node tools/cli.mjs device-login)', () => {
    const cli = (args: string[], xdg: string) =>
      run(process.execPath, ['tools/cli.mjs', 'device-login', ...args], {
        cwd: repoRoot,
        env: { ...process.env, XDG_CONFIG_HOME: xdg },
        timeout: 30_000,
      });

    it('logs in with real timers and saves the key to the XDG default path', async () => {
      const p = await peer(['pending', 'token'], { interval: 1 });
      const { stdout, stderr } = await cli(['--url', p.server.url, '--email', 'a@b.c'], dir);
      const keyPath = path.join(dir, 'proxy', 'key');
      expect(stdout).toMatch(
        new RegExp(`^Open: ${p.server.url}/device\\?user_code=${USER_CODE}$`, 'm'),
      );
      expect(stdout).toMatch(new RegExp(`^Code: ${USER_CODE}$`, 'm'));
      expect(stdout).toContain(`Saved the proxy key to ${keyPath} (mode 0600).`);
      expect(`${stdout}${stderr}`).not.toContain(p.key);
      expect(p.tokenRequests).toHaveLength(2);
      expect(await readFile(keyPath, 'utf8')).toBe(p.key);
      expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    });

    it('exits 1 when the login is denied', async () => {
      const p = await peer(['access_denied'], { interval: 1 });
      await expect(cli(['--url', p.server.url, '--email', 'a@b.c'], dir)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('device-login: the login was denied in the browser'),
      });
    });
  });
});
