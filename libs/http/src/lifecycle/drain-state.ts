/**
 * Whether this replica is shutting down. Once draining, `/readyz` answers 503 at once, so
 * Kubernetes takes the pod out of its endpoints while it still listens and serves; components
 * that pull work (queue workers) stop taking more when told.
 */
export class DrainState {
  private drainingSince: number | null = null;
  private readonly listeners: (() => void)[] = [];

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Runs `listener` when draining begins (at once if it already has). */
  onDrain(listener: () => void): void {
    if (this.draining) listener();
    else this.listeners.push(listener);
  }

  begin(): void {
    if (this.draining) return;
    this.drainingSince = Date.now();
    for (const listener of this.listeners.splice(0)) listener();
  }
}
