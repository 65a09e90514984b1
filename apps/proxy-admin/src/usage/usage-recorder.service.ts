import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnModuleInit,
} from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { KeysRepository } from '../keys/keys.repository';
import { UsageRecord } from './usage-record';
import { UsageRepository } from './usage.repository';

/** Rows kept while the database is unreachable; beyond this the oldest are dropped (and logged). */
const MAX_BUFFERED = 50_000;
const BATCH = 1_000;

/**
 * Write-behind usage recording: a request only appends to memory; a timer writes batches.
 * No database round trip is on any request's path. Buffered rows are written on shutdown.
 */
@Injectable()
export class UsageRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageRecorder.name);
  private buffer: UsageRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private dropped = 0;

  constructor(
    private readonly usage: UsageRepository,
    private readonly keys: KeysRepository,
    @Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.config.USAGE_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(row: UsageRecord): void {
    this.buffer.push(row);
    const overflow = this.buffer.length - MAX_BUFFERED;
    if (overflow > 0) {
      this.buffer.splice(0, overflow);
      this.dropped += overflow;
    }
  }

  /** Writes everything buffered so far; concurrent calls share one pass. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.slice(0, BATCH);
      try {
        await this.usage.insertBatch(batch);
        await this.keys.touchLastUsed(lastUseByKey(batch));
      } catch (error) {
        this.logger.error(
          { err: error, rows: this.buffer.length },
          'usage batch not written; will retry',
        );
        return;
      }
      this.buffer.splice(0, batch.length);
    }
    if (this.dropped > 0) {
      this.logger.error(
        { dropped: this.dropped },
        'usage rows dropped while the database was unreachable',
      );
      this.dropped = 0;
    }
  }
}

function lastUseByKey(rows: UsageRecord[]): Map<string, Date> {
  const last = new Map<string, Date>();
  for (const row of rows) {
    const seen = last.get(row.keyId);
    if (!seen || seen < row.finishedAt) last.set(row.keyId, row.finishedAt);
  }
  return last;
}
