// `npm run tools -- maritime keys <create|list|revoke|set-plan|grant-analyst|revoke-analyst>`
import { CommandFailure, defineCommand, integerArgument, UsageError } from '@platform/cli';
import { isPlan, type Plan } from '@platform/maritime-domain';
import { withToolContext } from '../tools/tool-context';
import type { ApiKeyRecord } from './api-key';
import { CACHED_KEY_TTL_MS } from './api-key-versions';
import type { KeyChange } from './api-keys.repository';
import { ApiKeysModule } from './api-keys.module';
import { ApiKeysService, KeyChangeNotPublished } from './api-keys.service';

const USAGE = `usage: npm run tools -- maritime keys <action> ...
  create --owner <id> --plan <free|starter|pro|supply_chain_risk|admin> [--analyst] [--rate-limit N] [--name s]
                        prints the key once (only its SHA-256 is stored)
  list [--owner <id>]   id, prefix, owner, plan, analyst, rate, created, last used, revoked
  revoke <key id>
  set-plan <key id> <plan> [--rate-limit N]
  grant-analyst <key id> | revoke-analyst <key id>
DATABASE_URL names the database (default: the local maritime database); REDIS_URL and
REDIS_PREFIX the service's Redis, where changes are published to the running replicas.`;

function planArgument(value: string | undefined): Plan {
  if (value === undefined || !isPlan(value))
    throw new UsageError('the plan must be one of free, starter, pro, supply_chain_risk, admin');
  return value;
}

function shown(record: ApiKeyRecord): Record<string, unknown> {
  return {
    id: record.id,
    prefix: record.prefix,
    name: record.name,
    owner_id: record.ownerId,
    plan: record.plan,
    analyst: record.analyst,
    rate_limit_per_min: record.rateLimitPerMin,
    created_at: record.createdAt.toISOString(),
    last_used_at: record.lastUsedAt?.toISOString() ?? null,
    revoked_at: record.revokedAt?.toISOString() ?? null,
  };
}

export const keysCommand = defineCommand({
  name: 'maritime keys',
  usage: USAGE,
  allowPositionals: true,
  options: {
    owner: { type: 'string' },
    plan: { type: 'string' },
    analyst: { type: 'boolean' },
    'rate-limit': { type: 'string' },
    name: { type: 'string' },
  },
  async run({ values, positionals, env, io }) {
    const [action, id, planName] = positionals;
    const rate = (): number | undefined =>
      values['rate-limit'] === undefined
        ? undefined
        : integerArgument(values['rate-limit'], '--rate-limit', { min: 1, max: 1_000_000 });
    const print = (record: ApiKeyRecord | undefined): number => {
      if (!record) throw new CommandFailure(`no api key with id ${id ?? ''}`);
      io.out(JSON.stringify(shown(record)));
      return 0;
    };
    const needId = (): string => {
      if (id === undefined) throw new UsageError(`${action ?? ''} needs a key id`);
      return id;
    };
    // Every action runs with the service's Redis: changes are published there for the replicas.
    const redis = { redis: true };
    const withKeys = (work: (keys: ApiKeysService) => Promise<number>): Promise<number> =>
      withToolContext(
        env,
        'maritime-keys',
        [ApiKeysModule],
        (c) => work(c.get(ApiKeysService)),
        redis,
      );
    if (action === undefined) throw new UsageError('an action is required');
    if (
      !['create', 'list', 'revoke', 'set-plan', 'grant-analyst', 'revoke-analyst'].includes(action)
    )
      throw new UsageError(`unknown action ${action}`);
    if (action === 'create') {
      if (values.owner === undefined || values.owner === '')
        throw new UsageError('--owner is required');
      const plan = planArgument(values.plan);
      const rateLimitPerMin = rate() ?? null;
      return withKeys(async (keys) => {
        const created = await keys.create({
          ownerId: values.owner as string,
          plan,
          analyst: values.analyst ?? false,
          rateLimitPerMin,
          name: values.name,
        });
        io.out(JSON.stringify({ ...shown(created.record), key: created.key }));
        io.err('Store the key now: it is not shown again.');
        return 0;
      });
    }
    if (action === 'list') {
      return withKeys(async (keys) => {
        for (const record of await keys.list(values.owner)) io.out(JSON.stringify(shown(record)));
        return 0;
      });
    }
    const keyId = needId();
    const change: KeyChange | 'revoke' =
      action === 'revoke'
        ? 'revoke'
        : action === 'set-plan'
          ? { plan: planArgument(planName), rateLimitPerMin: rate() }
          : { analyst: action === 'grant-analyst' };
    return withKeys(async (keys) => {
      try {
        const changed = await (change === 'revoke'
          ? keys.revoke(keyId)
          : keys.change(keyId, change));
        const code = print(changed);
        // Said every time, so a command run against the wrong Redis does not pass unnoticed.
        io.err(`replicas told through ${keys.publicationTarget()}`);
        return code;
      } catch (error) {
        if (!(error instanceof KeyChangeNotPublished)) throw error;
        io.out(JSON.stringify(shown(error.record)));
        throw new CommandFailure(
          `the change is stored, but Redis could not be told (${String(error.cause)}): ` +
            `replicas holding the key may use their copy for up to ${CACHED_KEY_TTL_MS / 1000} s`,
        );
      }
    });
  },
});
