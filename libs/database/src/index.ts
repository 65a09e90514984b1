export { createDataSource, createDataSourceOptions } from './data-source';
export type { DatabaseOptions } from './data-source';
export { databaseNameOf, quoteIdentifier, redactPassword, withDatabase } from './database-url';
export { DatabaseModule } from './database.module';
export { ensureDatabase, runMigrations } from './migrate';
export { migrateCommand } from './migrate-command';
export { PostgresReadinessCheck } from './postgres-readiness.check';
export { createTestDatabase } from './test-database';
export type { TestDatabase, TestDatabaseOptions } from './test-database';
