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
 *
 * A flush writes the rows buffered when it starts; rows recorded while it writes wait for the
 * next tick. Chasing them at once kept the writer busy without pause under load, in batches
 * of a few dozen rows, each paying its own transaction, statement plan and commit: twice the
 * database CPU per request of batches that fill for a whole interval.
 */
@Injectable()
export class UsageRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageRecorder.name);
  private buffer: UsageRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The last pass started; passes run one after another. */
  private pass: Promise<void> = Promise.resolve();
  private passesRunning = 0;
  private dropped = 0;

  constructor(
    private readonly usage: UsageRepository,
    private readonly keys: KeysRepository,
    @Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig,
  ) {}

  onModuleInit(): void {
    // A tick that finds a pass still writing leaves the rows to the next one.
    this.timer = setInterval(() => {
      if (this.passesRunning === 0) void this.flush();
    }, this.config.USAGE_FLUSH_INTERVAL_MS);
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

  /** Writes every row recorded before the call, after the pass already writing (if any). */
  flush(): Promise<void> {
    this.passesRunning += 1;
    this.pass = this.pass
      .then(() => this.drain())
      .finally(() => {
        this.passesRunning -= 1;
      });
    return this.pass;
  }

  /** Writes the rows buffered now; failures are logged and the rows kept for the next pass. */
  private async drain(): Promise<void> {
    let due = this.buffer.length;
    while (due > 0 && this.buffer.length > 0) {
      const batch = this.buffer.slice(0, Math.min(BATCH, due));
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
      // Up to the batch's last row: the overflow may have dropped rows from the front meanwhile.
      this.buffer.splice(0, this.buffer.indexOf(batch[batch.length - 1] as UsageRecord) + 1);
      due -= batch.length;
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
