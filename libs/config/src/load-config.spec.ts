import { ConfigValidationError, loadConfig } from './load-config';
import { GeoScoringConfig } from './services/geo-scoring.config';
import { MaritimeConfig } from './services/maritime.config';
import { loadMigrationConfig } from './services/migration.config';
import { ProxyAdminConfig } from './services/proxy-admin.config';
import { loadToolRedisConfig } from './services/tool-redis.config';

const adminSecret = 'a-long-enough-admin-secret';

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigValidationError');
}

describe('loadConfig', () => {
  it('applies each service default when variables are absent', () => {
    const config = loadConfig(ProxyAdminConfig, { ADMIN_SECRET: adminSecret });
    expect(config).toBeInstanceOf(ProxyAdminConfig);
    expect(config.PORT).toBe(3001);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/proxy_admin');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.REDIS_PREFIX).toBe('pa:');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.SCOPED_ADMIN_TOKENS).toEqual([]);
    expect(loadConfig(GeoScoringConfig, {}).PORT).toBe(3002);
    expect(loadConfig(GeoScoringConfig, {}).REDIS_PREFIX).toBe('geo:');
    expect(loadConfig(MaritimeConfig, {}).PORT).toBe(3003);
    expect(loadConfig(MaritimeConfig, {}).DATABASE_URL).toMatch(/\/maritime$/);
  });

  it('parses typed values from strings and treats blank variables as unset', () => {
    const config = loadConfig(GeoScoringConfig, {
      PORT: ' 4000 ',
      QUEUE_WORKERS: 'false',
      TRUST_PROXY_HOPS: '1',
      LOG_LEVEL: 'debug',
      REDIS_URL: '   ',
    });
    expect(config.PORT).toBe(4000);
    expect(config.QUEUE_WORKERS).toBe(false);
    expect(config.TRUST_PROXY_HOPS).toBe(1);
    expect(config.LOG_LEVEL).toBe('debug');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it('reports one line per bad variable, naming each', () => {
    const problems = problemsOf(() =>
      loadConfig(ProxyAdminConfig, {
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        REDIS_URL: 'http://x',
        LOG_LEVEL: 'loud',
        QUEUE_WORKERS: 'maybe',
      }),
    );
    expect(problems).toHaveLength(5);
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ADMIN_SECRET',
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'REDIS_URL',
    ]);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('validates SCOPED_ADMIN_TOKENS entries and rejects malformed JSON', () => {
    const good = loadConfig(ProxyAdminConfig, {
      ADMIN_SECRET: adminSecret,
      SCOPED_ADMIN_TOKENS: JSON.stringify([
        { name: 'ops', token_sha256: 'a'.repeat(64), team_ids: ['team-1'] },
      ]),
    });
    expect(good.SCOPED_ADMIN_TOKENS[0]!.team_ids).toEqual(['team-1']);

    expect(
      problemsOf(() =>
        loadConfig(ProxyAdminConfig, { ADMIN_SECRET: adminSecret, SCOPED_ADMIN_TOKENS: '[{' }),
      ),
    ).toEqual([expect.stringMatching(/^SCOPED_ADMIN_TOKENS: .*JSON array/)]);

    const nested = problemsOf(() =>
      loadConfig(ProxyAdminConfig, {
        ADMIN_SECRET: adminSecret,
        SCOPED_ADMIN_TOKENS: JSON.stringify([{ name: 'ops', token_sha256: 'xyz', team_ids: [] }]),
      }),
    );
    expect(nested).toHaveLength(1);
    expect(nested[0]).toMatch(/^SCOPED_ADMIN_TOKENS: .*token_sha256.*team_ids/);
  });

  it('requires CURSOR_SECRET in production and falls back to a development key otherwise', () => {
    const channelKey = Buffer.alloc(32, 7).toString('base64');
    expect(
      problemsOf(() =>
        loadConfig(MaritimeConfig, { NODE_ENV: 'production', CHANNEL_ENCRYPTION_KEY: channelKey }),
      ),
    ).toEqual([expect.stringMatching(/^CURSOR_SECRET: .*required in production/)]);
    expect(loadConfig(MaritimeConfig, {}).cursorSecret.length).toBeGreaterThanOrEqual(32);
    const secret = 's'.repeat(40);
    expect(
      loadConfig(MaritimeConfig, {
        NODE_ENV: 'production',
        CURSOR_SECRET: secret,
        CHANNEL_ENCRYPTION_KEY: channelKey,
      }).cursorSecret,
    ).toBe(secret);
  });

  it('ignores variables the schema does not name', () => {
    const config = loadConfig(MaritimeConfig, {
      HOME: '/root',
      SOMETHING_ELSE: 'x',
    }) as unknown as Record<string, unknown>;
    expect(config['HOME']).toBeUndefined();
    expect(config['SOMETHING_ELSE']).toBeUndefined();
  });
});

describe('loadMigrationConfig', () => {
  it('needs only the database URL, defaulting to the service database', () => {
    expect(loadMigrationConfig('geo-scoring', {})).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/geo_scoring',
    });
    expect(loadMigrationConfig('proxy-admin', { DATABASE_URL: 'postgres://db/x' })).toEqual({
      databaseUrl: 'postgres://db/x',
    });
    expect(problemsOf(() => loadMigrationConfig('maritime', { DATABASE_URL: 'nope' }))).toEqual([
      'DATABASE_URL: must be a postgres:// URL',
    ]);
  });
});

describe('loadToolRedisConfig', () => {
  it("gives an operator command the service's Redis: its URL and key prefix, checked", () => {
    expect(loadToolRedisConfig('maritime', {})).toEqual({
      url: 'redis://127.0.0.1:6379',
      prefix: 'mar:',
    });
    expect(loadToolRedisConfig('maritime', {}).prefix).toBe(
      loadConfig(MaritimeConfig, {}).REDIS_PREFIX,
    );
    expect(
      loadToolRedisConfig('geo-scoring', { REDIS_URL: 'rediss://cache:6380', REDIS_PREFIX: 'g2:' }),
    ).toEqual({ url: 'rediss://cache:6380', prefix: 'g2:' });
    expect(
      problemsOf(() =>
        loadToolRedisConfig('maritime', { REDIS_URL: 'http://x', REDIS_PREFIX: 'A B' }),
      ),
    ).toEqual([
      'REDIS_URL: must be a redis:// or rediss:// URL',
      'REDIS_PREFIX: must be 1-64 characters of a-z 0-9 : _ -',
    ]);
  });
});

describe('proxy routing configuration', () => {
  const base = { ADMIN_SECRET: adminSecret };

  it('parses UPSTREAMS and PRICING', () => {
    const config = loadConfig(ProxyAdminConfig, {
      ...base,
      UPSTREAMS: JSON.stringify([
        {
          name: 'primary',
          base_url: 'http://127.0.0.1:9000/v1',
          api_key: 'sk-up',
          models: ['gpt-4o-mini'],
        },
      ]),
      PRICING: JSON.stringify({
        'gpt-4o-mini': { input_usd_per_mtok: 0.15, output_usd_per_mtok: 0.6 },
      }),
    });
    expect(config.UPSTREAMS[0]).toMatchObject({ name: 'primary', models: ['gpt-4o-mini'] });
    expect(config.PRICING['gpt-4o-mini']).toEqual({
      input_usd_per_mtok: 0.15,
      output_usd_per_mtok: 0.6,
    });
  });

  it('names each malformed routing variable', () => {
    const problems = problemsOf(() =>
      loadConfig(ProxyAdminConfig, {
        ...base,
        UPSTREAMS: JSON.stringify([{ name: 'p', base_url: 'ftp://x', api_key: '', models: [] }]),
        PRICING: JSON.stringify({ m: { input_usd_per_mtok: -1, output_usd_per_mtok: 1 } }),
        KEY_CACHE_TTL_MS: 'soon',
      }),
    );
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'KEY_CACHE_TTL_MS',
      'PRICING',
      'UPSTREAMS',
    ]);
    expect(problems.find((p) => p.startsWith('UPSTREAMS'))).toMatch(/base_url.*api_key.*models/);
    expect(problemsOf(() => loadConfig(ProxyAdminConfig, { ...base, PRICING: '[1]' }))).toEqual([
      expect.stringMatching(/^PRICING: .*input_usd_per_mtok/),
    ]);
  });
});

describe('outbound service settings (secrets key, delivery schedule, private targets)', () => {
  const key = Buffer.alloc(32, 7).toString('base64');

  it('reads a 32-byte base64 key and previous keys, and a development key outside production', () => {
    const config = loadConfig(GeoScoringConfig, {
      SECRETS_ENCRYPTION_KEY: key,
      SECRETS_ENCRYPTION_PREVIOUS_KEYS: `${key},${Buffer.alloc(32, 9).toString('base64')}`,
      DELIVERY_SCHEDULE_FACTOR: '0.001',
      ALLOW_PRIVATE_TARGETS: 'true',
    });
    expect(config.secretsKey).toBe(key);
    expect(config.previousSecretsKeys).toHaveLength(2);
    expect(config.DELIVERY_SCHEDULE_FACTOR).toBe(0.001);
    expect(config.ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(Buffer.from(loadConfig(GeoScoringConfig, {}).secretsKey, 'base64')).toHaveLength(32);
  });

  it('refuses a short key, a bad previous list, and no key in production', () => {
    expect(() => loadConfig(GeoScoringConfig, { SECRETS_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      /SECRETS_ENCRYPTION_KEY: must be base64 of exactly 32 bytes/,
    );
    expect(() =>
      loadConfig(GeoScoringConfig, { SECRETS_ENCRYPTION_PREVIOUS_KEYS: `${key},nope` }),
    ).toThrow(/SECRETS_ENCRYPTION_PREVIOUS_KEYS/);
    expect(() =>
      loadConfig(GeoScoringConfig, { NODE_ENV: 'production', CURSOR_SECRET: 'x'.repeat(40) }),
    ).toThrow(/SECRETS_ENCRYPTION_KEY: .*required in production/);
  });

  it('names each service its own secrets key: maritime reads CHANNEL_ENCRYPTION_KEY', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const previous = Buffer.alloc(32, 8).toString('base64');
    const maritime = loadConfig(MaritimeConfig, {
      CHANNEL_ENCRYPTION_KEY: key,
      CHANNEL_ENCRYPTION_PREVIOUS_KEYS: previous,
      SECRETS_ENCRYPTION_KEY: previous,
    });
    expect([maritime.secretsKey, maritime.previousSecretsKeys]).toEqual([key, [previous]]);
    expect(() =>
      loadConfig(MaritimeConfig, { NODE_ENV: 'production', CURSOR_SECRET: 'x'.repeat(40) }),
    ).toThrow(/CHANNEL_ENCRYPTION_KEY: .*required in production/);
    expect(loadConfig(MaritimeConfig, {}).SLACK_WEBHOOK_BASE).toBe(
      'https://hooks.slack.com/services/',
    );
    expect(() => loadConfig(MaritimeConfig, { SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('needs SSO_CALLBACK_BASE_URL once the device flow is on, and a secrets key in production', () => {
    const base = { ADMIN_SECRET: adminSecret };
    const off = loadConfig(ProxyAdminConfig, base);
    expect([off.SSO_DEVICE_FLOW_ENABLED, off.DEVICE_CODE_TTL_SECONDS]).toEqual([false, 600]);
    expect(off.DEVICE_KEY_TTL_SECONDS).toBe(2_592_000);
    expect(() =>
      loadConfig(ProxyAdminConfig, { ...base, SSO_DEVICE_FLOW_ENABLED: 'true' }),
    ).toThrow(/SSO_CALLBACK_BASE_URL: .*required when SSO_DEVICE_FLOW_ENABLED=true/);
    const on = loadConfig(ProxyAdminConfig, {
      ...base,
      SSO_DEVICE_FLOW_ENABLED: 'true',
      SSO_CALLBACK_BASE_URL: 'https://proxy.example.com',
    });
    expect(on.SSO_CALLBACK_BASE_URL).toBe('https://proxy.example.com');
    for (const bad of ['https://proxy.example.com/', 'proxy.example.com', 'https://p.example/?x=1'])
      expect(() => loadConfig(ProxyAdminConfig, { ...base, SSO_CALLBACK_BASE_URL: bad })).toThrow(
        /SSO_CALLBACK_BASE_URL/,
      );
    expect(() => loadConfig(ProxyAdminConfig, { ...base, DEVICE_CODE_TTL_SECONDS: '5' })).toThrow(
      /DEVICE_CODE_TTL_SECONDS/,
    );
    const production = { ...base, NODE_ENV: 'production', CURSOR_SECRET: 'x'.repeat(40) };
    expect(loadConfig(ProxyAdminConfig, production).SSO_DEVICE_FLOW_ENABLED).toBe(false);
    expect(() =>
      loadConfig(ProxyAdminConfig, {
        ...production,
        SSO_DEVICE_FLOW_ENABLED: 'true',
        SSO_CALLBACK_BASE_URL: 'https://proxy.example.com',
      }),
    ).toThrow(/SECRETS_ENCRYPTION_KEY: .*required in production when SSO_DEVICE_FLOW_ENABLED=true/);
  });

  it('takes APP_ORIGIN as a bare origin only', () => {
    const origin = 'https://app.example.com:8443';
    expect(loadConfig(GeoScoringConfig, { APP_ORIGIN: origin }).APP_ORIGIN).toBe(origin);
    for (const bad of ['https://app.example.com/', 'app.example.com', 'https://a.example/x']) {
      expect(() => loadConfig(GeoScoringConfig, { APP_ORIGIN: bad })).toThrow(
        /APP_ORIGIN: must be an origin/,
      );
    }
  });
});
