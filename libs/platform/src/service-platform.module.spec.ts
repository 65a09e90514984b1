import { Test } from '@nestjs/testing';
import { GeoScoringConfig, loadConfig } from '@platform/config';
import { READINESS_CHECKS, ReadinessCheck } from '@platform/http';
import { REDIS } from '@platform/redis';
import { isolateService, IsolatedServiceResources, LogCapture } from '@platform/testing';
import Redis from 'ioredis';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { ServicePlatformModule } from './service-platform.module';

class CreateNotes1700000000001 implements MigrationInterface {
  name = 'CreateNotes1700000000001';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE notes (id serial PRIMARY KEY)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notes');
  }
}

describe('ServicePlatformModule', () => {
  let resources: IsolatedServiceResources;

  beforeAll(async () => {
    resources = await isolateService({
      service: 'platformspec',
      migrations: [CreateNotes1700000000001],
      redisPrefixBase: 'platformspec:',
    });
  });
  afterAll(() => resources.release());

  it('wires config, the migrated database, the prefixed Redis and both readiness checks', async () => {
    const config = loadConfig(GeoScoringConfig, resources.env);
    const moduleRef = await Test.createTestingModule({
      imports: [
        ServicePlatformModule.forRoot(config, {
          migrations: [CreateNotes1700000000001],
          logDestination: new LogCapture(),
        }),
      ],
    }).compile();
    const app = await moduleRef.init();
    try {
      expect(app.get(GeoScoringConfig)).toBe(config);
      expect(await app.get(DataSource).query('SELECT count(*)::int AS n FROM notes')).toEqual([
        { n: 0 },
      ]);

      const redis = app.get<Redis>(REDIS);
      await redis.set('probe', '1');
      const raw = new Redis(resources.redisUrl);
      expect(await raw.get(`${resources.redisPrefix}probe`)).toBe('1');
      raw.disconnect();

      const checks = app.get<ReadinessCheck[]>(READINESS_CHECKS);
      expect(checks.map((c) => c.name).sort()).toEqual(['postgres', 'redis']);
      await Promise.all(checks.map((c) => c.check()));
    } finally {
      await app.close();
    }
  });
});
