import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';

export type Environment = Record<string, string | undefined>;
type ConfigClass<T> = new () => T;

/** Thrown when configuration is invalid; `problems` holds one line per bad variable. */
export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

function describe(error: ValidationError): string {
  const reasons = Object.values(error.constraints ?? {});
  const nested = (error.children ?? []).map(describe);
  return `${error.property}: ${[...reasons, ...nested].join('; ')}`;
}

/**
 * Builds a typed config object from environment variables. Only properties decorated with
 * `@Expose()` are read; every failing variable is reported, not just the first.
 */
export function loadConfig<T extends object>(schema: ConfigClass<T>, env: Environment): T {
  // A blank variable means "not set", so class defaults apply to it.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const config = plainToInstance(schema, present, {
    excludeExtraneousValues: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigValidationError(errors.map(describe));
  return config;
}

/** The one sanctioned read of the process environment. */
export function processEnvironment(): Environment {
  return { ...process.env };
}
