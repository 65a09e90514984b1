// `npm run tools -- geo api-key <create|list|revoke>`: manages /api/v1 keys (design 1.4).
//
//   create --owner <owner id> --name <label>   prints the key once (store it now)
//   list [--owner <owner id>]                  id, prefix, owner, name, created, last used, revoked
//   revoke <key id>
//
// DATABASE_URL selects the database (default: the local geo_scoring database).
import { parseArgs } from 'node:util';
import { Environment } from '@platform/config';
import { ApiKeysStoreModule } from './api-keys-store.module';
import { ApiKeysService } from './api-keys.service';
import { CommandOutput, stdio, withGeoContext } from '../cli/command-io';

const USAGE = `usage: geo api-key create --owner <id> --name <label>
       geo api-key list [--owner <id>]
       geo api-key revoke <key id>`;

export type { CommandOutput } from '../cli/command-io';

async function execute(
  service: ApiKeysService,
  args: string[],
  io: CommandOutput,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { owner: { type: 'string' }, name: { type: 'string' } },
  });
  const [action, target] = positionals;
  switch (action) {
    case 'create': {
      if (values.owner === undefined || values.name === undefined) break;
      const created = await service.create({ ownerId: values.owner, name: values.name });
      io.out(JSON.stringify({ id: created.id, key: created.key, prefix: created.prefix }));
      io.err('Store the key now: it is not shown again.');
      return 0;
    }
    case 'list':
      for (const key of await service.list(values.owner)) io.out(JSON.stringify(key));
      return 0;
    case 'revoke': {
      if (target === undefined) break;
      const revoked = await service.revoke(target);
      if (revoked === undefined) {
        io.err(`no api key with id ${target}`);
        return 1;
      }
      io.out(JSON.stringify({ id: revoked.id, revoked_at: revoked.revokedAt }));
      return 0;
    }
  }
  io.err(USAGE);
  return 2;
}

export async function run(
  args: string[],
  env: Environment,
  io: CommandOutput = stdio,
): Promise<number> {
  if (args.includes('--help')) {
    io.out(USAGE);
    return 0;
  }
  try {
    return await withGeoContext(env, 'geo-api-key', [ApiKeysStoreModule], (context) =>
      execute(context.get(ApiKeysService), args, io),
    );
  } catch (error) {
    if (
      error instanceof RangeError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}
