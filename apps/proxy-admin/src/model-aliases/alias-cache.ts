/**
 * A replica's copy of the alias table (small: loaded whole). Dropped on the `model-aliases`
 * message and after `ttlMs`; a load that was running when a drop arrived is not kept.
 * Aliases are matched case-insensitively, as the table (citext) does.
 */
export class AliasCache {
  private table: Map<string, string> | undefined;
  private loadedAt = 0;
  private loading: Promise<Map<string, string>> | undefined;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<{ alias: string; model: string }[]>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The canonical model for a name: its alias target, or the name itself. */
  async resolve(name: string): Promise<string> {
    const table = await this.current();
    return table.get(name.toLowerCase()) ?? name;
  }

  /** Every alias and its target, e.g. to list what a key may call. */
  async entries(): Promise<[alias: string, model: string][]> {
    return [...(await this.current())];
  }

  invalidate(): void {
    this.generation += 1;
    this.table = undefined;
    this.loading = undefined;
  }

  private async current(): Promise<Map<string, string>> {
    if (this.table && this.clock() - this.loadedAt < this.ttlMs) return this.table;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load().then(
      (rows) => {
        const table = new Map(rows.map((r) => [r.alias.toLowerCase(), r.model]));
        if (generation === this.generation) {
          this.table = table;
          this.loadedAt = this.clock();
          this.loading = undefined;
        }
        return table;
      },
      (error: unknown) => {
        if (generation === this.generation) this.loading = undefined;
        throw error;
      },
    );
    this.loading = loading;
    return loading;
  }
}
