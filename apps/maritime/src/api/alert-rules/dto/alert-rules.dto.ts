import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Allow,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';

/** Validated when present; null is refused like any other wrong type. */
const IfPresent = (): PropertyDecorator => ValidateIf((_o: object, v: unknown) => v !== undefined);
/** Validated when present and not null; null clears the field. */
const IfNotNull = (): PropertyDecorator =>
  ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null);

export const SEVERITIES = ['critical', 'warning', 'info'] as const;

const EXPRESSION_DOC = {
  description:
    'A group `{ kind: "group", operator: "and"|"or", conditions: [...] }` or a condition `{ kind: "condition", field, op, value }`. At most 100 nodes and 8 levels.',
  example: {
    kind: 'group',
    operator: 'and',
    conditions: [
      { kind: 'condition', field: 'severity', op: 'gte', value: 'warning' },
      { kind: 'condition', field: 'metadata.gap_hours', op: 'gte', value: 24 },
    ],
  },
};

/** Fields a rule has besides its expression; shared by create and update. */
class RuleFields {
  @ApiPropertyOptional({ maxLength: 2000, nullable: true })
  @IfNotNull()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @ApiPropertyOptional({ enum: SEVERITIES, nullable: true })
  @IfNotNull()
  @IsIn(SEVERITIES)
  severity_override?: (typeof SEVERITIES)[number] | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 1440, default: 60 })
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(1440)
  dedupe_window_minutes?: number;

  @ApiPropertyOptional({ default: true })
  @IfPresent()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ maxLength: 2000, description: 'Stored with the version this creates' })
  @IfPresent()
  @IsString()
  @MaxLength(2000)
  notes?: string;
}

export class CreateRuleBody extends RuleFields {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;

  @ApiProperty(EXPRESSION_DOC)
  // Shape and limits are checked by the rule engine, which names the failing path.
  @IsDefined()
  expression!: unknown;
}

export class UpdateRuleBody extends RuleFields {
  @ApiProperty({ description: 'The rule to change' })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  id!: number;

  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IfPresent()
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name?: string;

  @ApiPropertyOptional(EXPRESSION_DOC)
  @Allow()
  expression?: unknown;
}

/** A rule id in the query or path: a positive whole number that fits a bigint. */
export class RuleIdQuery {
  @ApiProperty()
  @Matches(/^[1-9]\d{0,17}$/, { message: 'id must be a positive whole number' })
  id!: string;
}

export const DRY_RUN_MAX = 200;

export class DryRunBody {
  @ApiProperty(EXPRESSION_DOC)
  @IsDefined()
  expression!: unknown;

  @ApiPropertyOptional({ enum: ['all', 'maritime', 'supply_chain'], default: 'all' })
  @IfPresent()
  @IsIn(['all', 'maritime', 'supply_chain'])
  product?: string;

  @ApiPropertyOptional({ enum: SEVERITIES })
  @IfPresent()
  @IsIn(SEVERITIES)
  severity?: string;

  @ApiPropertyOptional({ description: 'Only alerts about vessels on your watchlist' })
  @IfPresent()
  @IsBoolean()
  watchlistOnly?: boolean;

  @ApiPropertyOptional({ description: 'A watchlist category id; its sub-categories count too' })
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  portfolioId?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: DRY_RUN_MAX, default: 100 })
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(DRY_RUN_MAX)
  limit?: number;
}
