import type Redis from 'ioredis';

/** Longest an admission waits for Redis before the request is refused (or let through). */
export const ADMIT_DEADLINE_MS = 250;
/** Operations per script call; a larger pass is split into several calls. */
const MAX_OPS_PER_CALL = 500;

/** Limits cannot be checked now: Redis is not connected or did not answer in time. */
export class LimitsUnavailableError extends Error {
  override readonly name = 'LimitsUnavailableError';
}

export interface BatchCommand {
  /** BATCH_SCRIPT, defined without a key count: the first argument is the number of keys. */
  proxyLimitBatch(
    numberOfKeys: number,
    keys: string[],
    args: (string | number)[],
  ): Promise<unknown[]>;
}

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  /** Admits give up after ADMIT_DEADLINE_MS; settles wait for their answer. */
  deadline: boolean;
  /** Set when the deadline rejected the promise; the script may still run after it. */
  timedOut: boolean;
  /** Receives the answer that came after the deadline (an admit undoes what it reserved). */
  late?: (value: unknown) => void;
}

interface Pending {
  keys: string[];
  args: (string | number)[];
  waiters: Waiter[];
}

const empty = (): Pending => ({ keys: [], args: [], waiters: [] });

/**
 * Collects the admits and settles of one event-loop pass and sends them as one BATCH_SCRIPT
 * call: one command for Redis to parse and run, one reply for us to read, and one deadline
 * timer per pass instead of one per request. Under load that is what the limiter costs; alone,
 * a request waits only for the end of the current pass (setImmediate). Queue order is kept, so
 * a replica's own settle always runs before its later admits.
 *
 * Settles are not held back longer to ride with a later admit: a refund (a failed request costs
 * nothing) must show in the key's spend as soon as the client has its answer.
 */
export class LimitBatcher {
  private pending = empty();
  private immediate: NodeJS.Immediate | undefined;

  constructor(private readonly redis: Redis & BatchCommand) {}

  /**
   * Queues an admit (its keys and arguments as BATCH_SCRIPT reads them). Past the deadline its
   * promise is rejected, but the call may still reach Redis and reserve: `late` then gets the
   * answer, so the caller can give back what nobody will use.
   */
  admit<T>(keys: string[], args: (string | number)[], late: (answer: T) => void): Promise<T> {
    return this.queue<T>(keys, args, true, late as (value: unknown) => void);
  }

  /** Queues a settle (its keys and arguments as BATCH_SCRIPT reads them). */
  settle<T>(keys: string[], args: (string | number)[]): Promise<T> {
    return this.queue<T>(keys, args, false);
  }

  /** Sends whatever is queued now (shutdown). */
  flushNow(): void {
    this.flush();
  }

  private queue<T>(
    keys: string[],
    args: (string | number)[],
    deadline: boolean,
    late?: (value: unknown) => void,
  ): Promise<T> {
    this.immediate ??= setImmediate(this.flush);
    return new Promise<T>((resolve, reject) => {
      const pending = this.pending;
      for (const key of keys) pending.keys.push(key);
      for (const arg of args) pending.args.push(arg);
      pending.waiters.push({
        resolve: resolve as (value: unknown) => void,
        reject,
        deadline,
        timedOut: false,
        late,
      });
      if (pending.waiters.length >= MAX_OPS_PER_CALL) this.send();
    });
  }

  private readonly flush = (): void => {
    if (this.pending.waiters.length > 0) this.send();
  };

  private send(): void {
    clearImmediate(this.immediate);
    this.immediate = undefined;
    const { keys, args, waiters } = this.pending;
    this.pending = empty();
    let answered = false;
    const timer = waiters.some((w) => w.deadline)
      ? setTimeout(() => {
          if (answered) return;
          const late = new LimitsUnavailableError(`no answer within ${ADMIT_DEADLINE_MS} ms`);
          for (const w of waiters) {
            if (!w.deadline) continue;
            w.timedOut = true;
            w.reject(late);
          }
        }, ADMIT_DEADLINE_MS)
      : undefined;
    this.redis.proxyLimitBatch(keys.length, keys, args).then(
      (results) => {
        answered = true;
        clearTimeout(timer);
        waiters.forEach((w, i) => (w.timedOut ? w.late?.(results[i]) : w.resolve(results[i])));
      },
      (error: unknown) => {
        answered = true;
        clearTimeout(timer);
        for (const w of waiters) w.reject(error);
      },
    );
  }
}
