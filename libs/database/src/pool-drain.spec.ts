import { Test } from '@nestjs/testing';
import { loadConfig, processEnvironment, TestEnvironmentConfig } from '@platform/config';
import { DataSource } from 'typeorm';
import { DatabaseModule } from './database.module';

const { TEST_DATABASE_URL: url } = loadConfig(TestEnvironmentConfig, processEnvironment());

describe('PoolDrain', () => {
  it('lets a query in flight finish when the app shuts down', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRoot({ url, migrations: [], applicationName: 'pool-drain-spec' }),
      ],
    }).compile();
    const app = await moduleRef.init();
    const dataSource = app.get(DataSource);
    // Started before the shutdown and not awaited by anything that shutdown knows about, like
    // the handler of a request whose client hung up.
    const inFlight = dataSource.query<{ done: number }[]>('SELECT 1 AS done FROM pg_sleep(0.3)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    await expect(inFlight).resolves.toEqual([{ done: 1 }]);
    expect(dataSource.isInitialized).toBe(false);
  });
});
