import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SessionTokenVerifier } from './session-token.verifier';

// Runs tools/mint-session-token.ts the way operators do, and checks its output verifies.
const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../../..');
const SECRET = 'dashboard-session-secret-0123456789abcdef';

function mint(args: string[], extraEnv: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' };
  delete env['DASHBOARD_SESSION_SECRET'];
  delete env['APP_SESSION_SECRET'];
  return run(
    process.execPath,
    ['-r', '@swc-node/register', 'tools/mint-session-token.ts', ...args],
    { cwd: repoRoot, env: { ...env, ...extraEnv }, timeout: 20_000 },
  );
}

describe('tools/mint-session-token.ts', () => {
  const verifier = new SessionTokenVerifier({
    hs256Secret: SECRET,
    requiredClaims: ['sub', 'email', 'team_id'],
  });

  it('prints a token that verifies, with the requested claims and lifetime', async () => {
    const { stdout } = await mint([
      '--secret',
      SECRET,
      '--sub',
      'user-1',
      '--email',
      'ada@example.com',
      '--team-id',
      'team-a',
      '--ttl',
      '120',
    ]);
    const claims = await verifier.verify(stdout.trim());
    expect(claims).toMatchObject({ sub: 'user-1', email: 'ada@example.com', team_id: 'team-a' });
    expect(claims.exp - claims.iat!).toBe(120);
  });

  it('falls back to DASHBOARD_SESSION_SECRET', async () => {
    const { stdout } = await mint(['--sub', 'u', '--email', 'e@x', '--team-id', 't'], {
      DASHBOARD_SESSION_SECRET: SECRET,
    });
    await expect(verifier.verify(stdout.trim())).resolves.toMatchObject({ sub: 'u' });
  });

  it('exits 2 with a usage line when no secret is available', async () => {
    await expect(mint(['--sub', 'u'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no secret[\s\S]*usage:/),
    });
  });
});
