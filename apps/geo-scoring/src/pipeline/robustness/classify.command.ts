// `npm run tools -- geo classify [--if-needed]`: runs the res 7/8 robustness classifier now
// against DATABASE_URL, and tells the replicas of REDIS_URL/REDIS_PREFIX to drop cached answers.
import { defineCommand } from '@platform/cli';
import { loadToolRedisConfig } from '@platform/config';
import { withGeoContext } from '../../platform/cli/geo-context';
import { announceReadCacheChange } from '../../platform/read-cache/read-cache.announce';
import { RobustnessModule } from './robustness.module';
import { RobustnessService } from './robustness.service';

const USAGE = `usage: npm run tools -- geo classify [--if-needed]

Classifies every scored res-8 cell against its res-7 parent (stable_core, ambiguity_shell,
stable_non_signal or unclassified) and records a robustness run.

  --if-needed   only when the latest score run's engine fingerprint differs from the last
                classifier run's (what the robustness-classify job checks)
`;

export const classifyCommand = defineCommand({
  name: 'geo classify',
  usage: USAGE,
  options: { 'if-needed': { type: 'boolean' } },
  run({ values, env, io }) {
    // A full classification can outlast the default statement timeout.
    const options = { statementTimeoutMs: 600_000 };
    const redis = loadToolRedisConfig('geo-scoring', env);
    return withGeoContext(
      env,
      'geo-classify',
      [RobustnessModule],
      async (context) => {
        const service = context.get(RobustnessService);
        if (values['if-needed'] && !(await service.needsClassification())) {
          io.out(JSON.stringify({ skipped: true, reason: 'fingerprint unchanged' }));
          return 0;
        }
        io.out(JSON.stringify(await service.classify()));
        await announceReadCacheChange(redis, 'command:classify', (line) => io.err(line));
        return 0;
      },
      options,
    );
  },
});
