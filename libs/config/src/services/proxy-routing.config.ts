import { Transform } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsString,
  IsUrl,
  MinLength,
  registerDecorator,
  ValidationArguments,
} from 'class-validator';

/**
 * One entry of UPSTREAMS (see docs/proxy-admin/routing-and-pricing.md#upstreams): an
 * OpenAI-compatible provider and its models.
 */
export class UpstreamConfig {
  @IsString()
  @MinLength(1)
  name!: string;

  /** Base URL including `/v1`, e.g. `https://api.openai.com/v1`. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  base_url!: string;

  @IsString()
  @MinLength(1)
  api_key!: string;

  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  models!: string[];
}

export interface ModelPrice {
  input_usd_per_mtok: number;
  output_usd_per_mtok: number;
}

export type PricingTable = Record<string, ModelPrice>;

function isPrice(value: unknown): value is ModelPrice {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort().join(',');
  const v = value as Record<string, unknown>;
  return (
    keys === 'input_usd_per_mtok,output_usd_per_mtok' &&
    [v['input_usd_per_mtok'], v['output_usd_per_mtok']].every(
      (n) => typeof n === 'number' && Number.isFinite(n) && n >= 0,
    )
  );
}

/** PRICING: `{ "<model>": { "input_usd_per_mtok": n, "output_usd_per_mtok": n } }`. */
export function IsPricingTable(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isPricingTable',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.values(value).every(isPrice),
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'PRICING'} must be a JSON object of model to { input_usd_per_mtok, output_usd_per_mtok } (non-negative numbers)`,
      },
    });
}

/** Keeps a parsed JSON object as it is, so nested plain values survive plainToInstance. */
export const KeepObject = (): PropertyDecorator =>
  Transform(({ obj, key }) => {
    const raw = (obj as Record<string, unknown>)[key];
    if (typeof raw !== 'string') return raw;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  });
