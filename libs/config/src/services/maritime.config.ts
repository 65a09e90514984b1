import { Expose } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { ToBoolean } from '../transforms';
import { ServiceConfig } from '../service.config';

export class MaritimeConfig extends ServiceConfig {
  readonly serviceName = 'maritime';

  override PORT = 3003;
  override DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/maritime';
  override REDIS_PREFIX = 'mar:';

  /** Run BullMQ workers in this replica (false: serve HTTP only). */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  QUEUE_WORKERS = true;
}
