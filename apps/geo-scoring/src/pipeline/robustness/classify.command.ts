// `npm run tools -- geo classify [--if-needed]`: runs the res 7/8 robustness classifier now
// (design 2.6) against DATABASE_URL.
import { Environment } from '@platform/config';
import { CommandOutput, stdio, withGeoContext } from '../../platform/cli/command-io';
import { RobustnessModule } from './robustness.module';
import { RobustnessService } from './robustness.service';

const USAGE = `usage: npm run tools -- geo classify [--if-needed]

Classifies every scored res-8 cell against its res-7 parent (stable_core, ambiguity_shell,
stable_non_signal or unclassified) and records a robustness run.

  --if-needed   only when the latest score run's engine fingerprint differs from the last
                classifier run's (what the robustness-classify job checks)
`;

export async function run(
  args: string[],
  env: Environment,
  io: CommandOutput = stdio,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--if-needed');
  if (unknown.length > 0) {
    io.err(`geo classify: unknown argument ${unknown[0]}\n${USAGE}`);
    return 2;
  }
  // A full classification can outlast the default statement timeout.
  const options = { statementTimeoutMs: 600_000 };
  return withGeoContext(
    env,
    'geo-classify',
    [RobustnessModule],
    async (context) => {
      const service = context.get(RobustnessService);
      if (args.includes('--if-needed') && !(await service.needsClassification())) {
        io.out(JSON.stringify({ skipped: true, reason: 'fingerprint unchanged' }));
        return 0;
      }
      io.out(JSON.stringify(await service.classify()));
      return 0;
    },
    options,
  );
}
