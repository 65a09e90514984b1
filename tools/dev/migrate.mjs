// npm run migrate: builds, then applies each service's pending migrations (creating its database
// when missing). DATABASE_URL, when set, names the server; each service uses its own database.
import { databaseUrlFor } from './dependencies.mjs';
import { build, runNode, say } from './run.mjs';
import { entry, SERVICES } from './services.mjs';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

build();
let failed = 0;
for (const service of SERVICES) {
  const env = { ...process.env, DATABASE_URL: databaseUrlFor(serverUrl, service.database) };
  if ((await runNode(entry(service, 'migrate'), env)) !== 0) failed += 1;
}
if (failed) {
  say(`migrations failed for ${failed} service(s)`);
  process.exit(1);
}
