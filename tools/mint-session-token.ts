// Mints a dashboard session JWT (HS256) for operators and tests
// (see docs/decisions/0003-authentication-schemes.md#decision).
//
// Usage:
//   npm run tools -- mint-session-token \
//     --sub <user id> [--email <email>] [--team-id <team id>] [--ttl <seconds, default 3600>] \
//     [--secret <HS256 secret>]
//
// Without --secret, the secret comes from DASHBOARD_SESSION_SECRET (proxy-admin) or
// APP_SESSION_SECRET (geo-scoring); if both are set and differ, pass --secret to choose.
// Prints the token on stdout, e.g. for `curl -H "Authorization: Bearer $(...)"` or a
// `session=<token>` cookie.
import { parseArgs } from 'node:util';
import { mintSessionToken } from '@platform/auth';
import { Environment, processEnvironment } from '@platform/config';

const USAGE =
  'usage: mint-session-token --sub <id> [--email <email>] [--team-id <id>] [--ttl <seconds>] [--secret <secret>]';

class UsageError extends Error {}

function secretFrom(flag: string | undefined, env: Environment): string {
  if (flag !== undefined) return flag;
  const dashboard = env['DASHBOARD_SESSION_SECRET'] || undefined;
  const app = env['APP_SESSION_SECRET'] || undefined;
  if (dashboard !== undefined && app !== undefined && dashboard !== app) {
    throw new UsageError(
      'both DASHBOARD_SESSION_SECRET and APP_SESSION_SECRET are set; pass --secret',
    );
  }
  const secret = dashboard ?? app;
  if (secret === undefined) {
    throw new UsageError(
      'no secret: pass --secret or set DASHBOARD_SESSION_SECRET / APP_SESSION_SECRET',
    );
  }
  return secret;
}

function ttlFrom(value: string | undefined): number {
  if (value === undefined) return 3600;
  if (!/^[1-9][0-9]*$/.test(value))
    throw new UsageError('--ttl must be a positive whole number of seconds');
  return Number(value);
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      sub: { type: 'string' },
      email: { type: 'string' },
      'team-id': { type: 'string' },
      ttl: { type: 'string' },
      secret: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values.sub === undefined || values.sub === '') throw new UsageError('--sub is required');
  const token = await mintSessionToken({
    secret: secretFrom(values.secret, processEnvironment()),
    sub: values.sub,
    email: values.email,
    team_id: values['team-id'],
    ttlSeconds: ttlFrom(values.ttl),
  });
  process.stdout.write(`${token}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`mint-session-token: ${message}\n`);
  // parseArgs rejects unknown or malformed flags with a TypeError: a usage problem too.
  const usage = error instanceof UsageError || error instanceof TypeError;
  if (usage) process.stderr.write(`${USAGE}\n`);
  process.exitCode = usage ? 2 : 1;
});
