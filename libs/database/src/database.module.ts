import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createDataSourceOptions, DatabaseOptions } from './data-source';
import { PoolDrain } from './pool-drain';

/**
 * The app's TypeORM connection. Start-up retries briefly, then fails with TypeORM's error,
 * which names the host; on shutdown the pool drains (PoolDrain), then Nest closes it.
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...createDataSourceOptions(options),
          retryAttempts: 3,
          retryDelay: 1000,
        }),
      ],
      // Lets queries in flight finish before TypeORM ends the pool.
      providers: [PoolDrain],
    };
  }
}
