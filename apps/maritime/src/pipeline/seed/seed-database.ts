import { withToolContext } from '../../platform/tools/tool-context';
import { MaritimeSeeder, SeedOptions, SeedReport } from './maritime-seeder';
import { SeedModule } from './seed.module';
import { SeedRepository } from './seed.repository';

/**
 * Seeds the (migrated) database at `url` with the app's own providers, outside the service:
 * what the seed command and the tests' seeded template run.
 */
export function seedMaritimeDatabase(url: string, options: SeedOptions): Promise<SeedReport> {
  return withToolContext(
    { DATABASE_URL: url },
    'maritime-seed',
    [SeedModule],
    (context) => context.get(MaritimeSeeder).seed(options),
    { statementTimeoutMs: 900_000 },
  );
}

/** `<table> <rows> <md5>` per seeded table of the database at `url`. */
export function seedChecksums(url: string): Promise<string[]> {
  return withToolContext({ DATABASE_URL: url }, 'maritime-seed-checksum', [SeedModule], (context) =>
    context.get(SeedRepository).checksums(),
  );
}
