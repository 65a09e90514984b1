import { Expose } from 'class-transformer';
import { Matches } from 'class-validator';
import { Trimmed } from '../transforms';

/** Where tests find their PostgreSQL server and Redis (CI may point elsewhere). */
export class TestEnvironmentConfig {
  @Expose()
  @Trimmed()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// URL' })
  TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

  @Expose()
  @Trimmed()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'must be a redis:// URL' })
  TEST_REDIS_URL = 'redis://127.0.0.1:6379';
}
