/** A dependency the service cannot serve without (PostgreSQL, Redis, ...). */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when the dependency answers; rejects (or times out) when it does not. */
  check(): Promise<void>;
}

/** Injection token for the list of checks `/readyz` runs. */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** Rejects when `promise` takes longer than `ms`, so a hung dependency reads as down. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
