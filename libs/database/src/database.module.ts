import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createDataSourceOptions, DatabaseOptions } from './data-source';

/**
 * The app's TypeORM connection. Start-up retries briefly, then fails with TypeORM's error,
 * which names the host; the pool is closed by Nest on shutdown.
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
    };
  }
}
