// `npm run tools -- geo api-key <create|list|revoke>`: manages /api/v1 keys.
//
//   create --owner <owner id> --name <label>   prints the key once (store it now)
//   list [--owner <owner id>]                  id, prefix, owner, name, created, last used, revoked
//   revoke <key id>
//
// DATABASE_URL selects the database (default: the local geo_scoring database).
import { choiceArgument, CommandFailure, defineCommand, UsageError } from '@platform/cli';
import { withGeoContext } from '../cli/geo-context';
import { ApiKeysStoreModule } from './api-keys-store.module';
import { ApiKeysService } from './api-keys.service';

const USAGE = `usage: geo api-key create --owner <id> --name <label>
       geo api-key list [--owner <id>]
       geo api-key revoke <key id>`;

const ACTIONS = ['create', 'list', 'revoke'] as const;

export const apiKeyCommand = defineCommand({
  name: 'geo api-key',
  usage: USAGE,
  allowPositionals: true,
  options: { owner: { type: 'string' }, name: { type: 'string' } },
  async run({ values, positionals, env, io }) {
    const [actionName, target] = positionals;
    const action = choiceArgument(actionName, 'the action', ACTIONS);
    if (action === 'create' && (values.owner === undefined || values.name === undefined))
      throw new UsageError('create needs --owner and --name');
    if (action === 'revoke' && target === undefined) throw new UsageError('revoke needs a key id');
    return withGeoContext(env, 'geo-api-key', [ApiKeysStoreModule], async (context) => {
      const service = context.get(ApiKeysService);
      switch (action) {
        case 'create': {
          const created = await service
            .create({ ownerId: values.owner ?? '', name: values.name ?? '' })
            .catch((error: unknown) => {
              // The service refuses an empty owner or a name out of bounds: bad arguments.
              throw error instanceof RangeError ? new UsageError(error.message) : error;
            });
          io.out(JSON.stringify({ id: created.id, key: created.key, prefix: created.prefix }));
          io.err('Store the key now: it is not shown again.');
          return 0;
        }
        case 'list':
          for (const key of await service.list(values.owner)) io.out(JSON.stringify(key));
          return 0;
        case 'revoke': {
          const revoked = await service.revoke(target ?? '');
          if (revoked === undefined) throw new CommandFailure(`no api key with id ${target}`);
          io.out(JSON.stringify({ id: revoked.id, revoked_at: revoked.revokedAt }));
          return 0;
        }
      }
    });
  },
});
