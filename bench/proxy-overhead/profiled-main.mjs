// Runs dist/apps/proxy-admin/main.js under the CPU profiler (like `node --cpu-prof`, which the
// bench cannot pass through NODE_OPTIONS) and writes the profile to BENCH_PROFILE_DIR on SIGTERM.
// Used by run.mjs when BENCH_PROFILE_DIR is set; summarise with summarise-profile.mjs.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 100 });
session.post('Profiler.start');
process.prependListener('SIGTERM', () => {
  // In-thread inspector calls answer synchronously, before the app's own shutdown runs.
  session.post('Profiler.stop', (error, result) => {
    if (!error)
      writeFileSync(
        join(process.env.BENCH_PROFILE_DIR, `proxy-${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
  });
});
createRequire(import.meta.url)('../../dist/apps/proxy-admin/main.js');
