// maritime operator commands (each has --help): `node cli.js <command> [flags]` in the image,
// `npm run tools -- maritime <command> [flags]` in a checkout.
//
//   keys          create, list, revoke and change API keys (plans, analyst access, custom rates)
//   seed          fill a database with the deterministic synthetic world
//   nmea-export   print the world's AIS tracks as NMEA lines
//   ais-replay    post an NMEA file to the ingest route
//   dead-letters  replay dead-lettered alert deliveries (by id or dead-letter time range)
import { runCommandGroup } from '@platform/cli';
import { processEnvironment } from '@platform/config';
import { deadLettersCommand } from './pipeline/alert-delivery/dead-letters.command';
import { aisReplayCommand } from './pipeline/nmea/ais-replay.command';
import { nmeaExportCommand } from './pipeline/nmea/nmea-export.command';
import { seedCommand } from './pipeline/seed/seed.command';
import { keysCommand } from './platform/api-keys/keys.command';

runCommandGroup(
  'maritime',
  {
    keys: keysCommand,
    seed: seedCommand,
    'nmea-export': nmeaExportCommand,
    'ais-replay': aisReplayCommand,
    'dead-letters': deadLettersCommand,
  },
  process.argv.slice(2),
  processEnvironment(),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`maritime: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
