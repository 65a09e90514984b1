// Signs an employee in to the proxy with the OAuth device flow and saves their key
// (see docs/proxy-admin/device-login-tool.md).
//
// Usage:
//   npm run tools -- device-login --url <proxy base url> --email <email> [--out <file>]
//
// Prints the approval URL and code (and a QR code on a terminal), polls until the login is
// approved, then writes the `sk-proxy-…` key to ~/.config/proxy/key (or --out) with mode 0600.
// Exit codes: 0 saved, 1 the login failed (denied, expired, unreachable...), 2 bad flags.
import { processEnvironment } from '@platform/config';
import { deviceLoginCommand } from './device-login/device-login.command';

deviceLoginCommand()
  .run(process.argv.slice(2), processEnvironment())
  .then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `device-login: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
