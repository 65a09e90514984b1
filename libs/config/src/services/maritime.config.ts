import { Expose } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { ToBoolean, ToInt } from '../transforms';
import { ServiceConfig } from '../service.config';
import { DEFAULT_DATABASE_URLS } from './migration.config';

export class MaritimeConfig extends ServiceConfig {
  readonly serviceName = 'maritime';

  override PORT = 3003;
  override DATABASE_URL = DEFAULT_DATABASE_URLS.maritime;
  override REDIS_PREFIX = 'mar:';

  /** Run BullMQ workers in this replica (false: serve HTTP only). */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  QUEUE_WORKERS = true;

  /** Days of AIS positions kept; older daily partitions are dropped by partitions-maintain. */
  @Expose()
  @ToInt()
  @IsInt({ message: 'must be a whole number of days' })
  @Min(35, { message: 'must be at least 35 (ingest accepts positions up to 35 days old)' })
  @Max(3650)
  AIS_RETENTION_DAYS = 365;
}
