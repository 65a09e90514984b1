import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Clock, SystemClock } from '@platform/clock';
import { Environment, loadMigrationConfig, loadToolRedisConfig } from '@platform/config';
import { createDataSource } from '@platform/database';
import { RedisModule } from '@platform/redis';
import { DataSource } from 'typeorm';

/**
 * What an operator command runs in: the maritime database (DATABASE_URL only, like the
 * migration job, so no service secret is needed) and the system clock, plus the providers of
 * the modules the command names. Commands get their collaborators from this context, the same
 * providers the service uses. With `redis`, also the service's Redis (REDIS_URL, REDIS_PREFIX),
 * for commands whose change the replicas must hear about.
 */
export async function withToolContext<T>(
  env: Environment,
  applicationName: string,
  imports: NonNullable<ModuleMetadata['imports']>,
  work: (context: INestApplicationContext) => Promise<T>,
  options: { statementTimeoutMs?: number; redis?: boolean } = {},
): Promise<T> {
  const dataSource = createDataSource({
    url: loadMigrationConfig('maritime', env).databaseUrl,
    migrations: [],
    applicationName,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  await dataSource.initialize();
  const root: DynamicModule = {
    module: ToolRootModule,
    global: true,
    providers: [
      { provide: DataSource, useValue: dataSource },
      { provide: Clock, useValue: new SystemClock() },
    ],
    exports: [DataSource, Clock],
  };
  const redis = options.redis
    ? [RedisModule.forRoot({ ...loadToolRedisConfig('maritime', env), service: applicationName })]
    : [];
  const context = await NestFactory.createApplicationContext(
    { module: ToolModule, imports: [root, ...redis, ...imports] },
    { logger: false, abortOnError: false },
  );
  try {
    return await work(context);
  } finally {
    await context.close();
    await dataSource.destroy();
  }
}

@Module({})
class ToolRootModule {}

@Module({})
class ToolModule {}
