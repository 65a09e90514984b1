import { Expose } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { ToBoolean } from '../transforms';
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
}
