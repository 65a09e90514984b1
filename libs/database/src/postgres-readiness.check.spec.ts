import { Test } from '@nestjs/testing';
import { loadConfig, processEnvironment, TestEnvironmentConfig } from '@platform/config';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DatabaseModule } from './database.module';
import { PostgresReadinessCheck } from './postgres-readiness.check';

const { TEST_DATABASE_URL: url } = loadConfig(TestEnvironmentConfig, processEnvironment());
const applicationName = `readiness-spec-${process.pid}`;

async function readinessBackends(): Promise<number[]> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [`${applicationName}:readiness`],
    );
    return rows.map((r) => r.pid);
  } finally {
    await admin.end();
  }
}

describe('PostgresReadinessCheck', () => {
  it('answers on its own connection, made at boot, shared by concurrent probes and replaced when it breaks', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DatabaseModule.forRoot({ url, migrations: [], applicationName })],
      providers: [PostgresReadinessCheck],
    }).compile();
    const app = await moduleRef.init();
    try {
      const check = app.get(PostgresReadinessCheck);
      const [booted] = await readinessBackends();
      expect(booted).toBeDefined();

      // Busy pool: the check does not queue behind it.
      const dataSource = app.get(DataSource);
      const held = Array.from({ length: 10 }, () => dataSource.createQueryRunner());
      await Promise.all(held.map((runner) => runner.connect()));
      try {
        await Promise.all([check.check(), check.check(), check.check()]);
      } finally {
        await Promise.all(held.map((runner) => runner.release()));
      }
      expect(await readinessBackends()).toEqual([booted]);

      // The server ends the connection: one probe fails, the next reconnects.
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [booted]);
      await admin.end();
      await check.check().catch(() => undefined);
      await check.check();
      const [replaced] = await readinessBackends();
      expect(replaced).toBeDefined();
      expect(replaced).not.toBe(booted);
    } finally {
      await app.close();
    }
    expect(await readinessBackends()).toEqual([]);
  });
});
