import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import { isValidImo } from '@platform/maritime-domain';
import { IsImo } from '../../../platform/validation/maritime-validators';

/** Every event type an entry or a category may notify on; anything else is a 400. */
export const NOTIFY_ON_VALUES = [
  'port_entry',
  'port_departure',
  'dark_event',
  'sanctions_match',
  'spoofing',
  'sts_transfer',
  'loitering',
  'zone_entry',
  'dark_fleet',
] as const;

/** What an entry notifies on when neither the request nor a category says otherwise. */
export const DEFAULT_NOTIFY_ON = ['port_entry', 'port_departure', 'dark_event', 'sanctions_match'];

/** At most this many IMOs in one bulk call (before duplicates are removed). */
export const BULK_MAX_IMOS = 100;

export const BULK_ACTIONS = ['remove', 'set_category', 'set_notify_on', 'set_label'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const INT32_MAX = 2_147_483_647;
const ID_MAX = Number.MAX_SAFE_INTEGER;

/** An array of IMO numbers, each 7 digits with a valid check digit. */
function IsImoList(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isImoList',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) && value.every((v) => typeof v === 'string' && isValidImo(v)),
        defaultMessage: (args?: ValidationArguments) => {
          const list = Array.isArray(args?.value) ? (args.value as unknown[]) : [];
          const bad = list.findIndex((v) => typeof v !== 'string' || !isValidImo(v));
          return `imos[${bad}] must be a 7-digit IMO number with a valid check digit`;
        },
      },
    });
}

/**
 * `notify_on` / `default_notify_on`: when present, an array of distinct known event types
 * (empty mutes the entry). null is refused rather than read as "unset".
 */
function NotifyOnList(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ enum: NOTIFY_ON_VALUES, isArray: true }),
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    IsArray(),
    ArrayMaxSize(NOTIFY_ON_VALUES.length),
    ArrayUnique(),
    IsIn(NOTIFY_ON_VALUES, { each: true }),
  ];
  return (target: object, propertyName: string | symbol) => {
    for (const decorate of decorators) decorate(target, propertyName);
  };
}

/** A label: up to 200 characters; null clears it. */
function Label(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 }),
    IsOptional(),
    IsString(),
    MaxLength(200),
  ];
  return (target: object, propertyName: string | symbol) => {
    for (const decorate of decorators) decorate(target, propertyName);
  };
}

/** A category id; null means "no category". */
function CategoryRef(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ type: Number, nullable: true }),
    IsOptional(),
    IsInt(),
    Min(1),
    Max(ID_MAX),
  ];
  return (target: object, propertyName: string | symbol) => {
    for (const decorate of decorators) decorate(target, propertyName);
  };
}

/** A display order; null is refused. */
function SortOrder(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ type: Number }),
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    IsInt(),
    Min(-INT32_MAX),
    Max(INT32_MAX),
  ];
  return (target: object, propertyName: string | symbol) => {
    for (const decorate of decorators) decorate(target, propertyName);
  };
}

export class AddEntryBody {
  @ApiProperty({ description: 'IMO number: 7 digits with a valid check digit', example: '9074729' })
  @IsImo()
  imo_number!: string;

  @Label()
  label?: string | null;

  @NotifyOnList()
  notify_on?: string[];

  @CategoryRef()
  category_id?: number | null;

  @SortOrder()
  sort_order?: number;
}

/** PATCH: the same fields; those left out are kept, null clears label and category. */
export class UpdateEntryBody extends AddEntryBody {}

export class ImoQuery {
  @ApiProperty({ description: 'IMO number of the watched vessel', example: '9074729' })
  @IsImo()
  imo!: string;
}

export class BulkAddBody {
  @ApiProperty({ type: [String], maxItems: BULK_MAX_IMOS })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BULK_MAX_IMOS)
  @IsImoList()
  imos!: string[];

  @Label()
  label?: string | null;

  @NotifyOnList()
  notify_on?: string[];

  @CategoryRef()
  category_id?: number | null;
}

export class BulkActionBody {
  @ApiProperty({ type: [String], maxItems: BULK_MAX_IMOS })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BULK_MAX_IMOS)
  @IsImoList()
  imos!: string[];

  @ApiProperty({ enum: BULK_ACTIONS })
  @IsIn(BULK_ACTIONS)
  action!: BulkAction;

  @CategoryRef()
  category_id?: number | null;

  @NotifyOnList()
  notify_on?: string[];

  @Label()
  label?: string | null;
}

export class CreateCategoryBody {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;

  @CategoryRef()
  parent_id?: number | null;

  @SortOrder()
  sort_order?: number;

  @NotifyOnList()
  default_notify_on?: string[];
}

export class UpdateCategoryBody {
  @ApiProperty()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  id!: number;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @ValidateIf((_object: object, value: unknown) => value !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @Matches(/\S/, { message: 'name must not be blank' })
  name?: string;

  /** null moves the category to the top level. */
  @CategoryRef()
  parent_id?: number | null;

  @SortOrder()
  sort_order?: number;

  @NotifyOnList()
  default_notify_on?: string[];
}

export class CategoryIdQuery {
  @ApiProperty()
  @Type(() => Number)
  @IsInt({ message: 'id must be a whole number' })
  @Min(1)
  @Max(ID_MAX)
  id!: number;
}
