export interface MicroBatcherOptions {
  /** A batch runs as soon as it holds this many items. */
  maxSize: number;
  /** ... or this long after its first item arrived. */
  maxWaitMs: number;
}

/**
 * Gathers calls made close together into one batch, so N concurrent deliveries cost one
 * database statement instead of N (on a small machine the per-statement cost, syscalls included,
 * dominates). `run` gets the items in arrival order and answers one result per item, in the same
 * order; a failed batch rejects every caller in it.
 */
export class MicroBatcher<I, O> {
  private pending: { item: I; resolve: (output: O) => void; reject: (error: unknown) => void }[] =
    [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly options: MicroBatcherOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.options.maxSize) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.maxWaitMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.run(batch.map((entry) => entry.item)).then(
      (outputs) => batch.forEach((entry, i) => entry.resolve(outputs[i] as O)),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
