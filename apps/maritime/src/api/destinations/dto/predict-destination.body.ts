import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import { getResolution, isValidCell } from 'h3-js';

/** Cells a prediction accepts at most. */
export const MAX_PREDICT_CELLS = 256;
/** Largest request body, in bytes. */
export const PREDICT_BODY_LIMIT_BYTES = 32 * 1024;

/** A valid H3 cell at resolution 8 (a string for each array element). */
function IsRes8Cell(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isRes8Cell',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { each: true },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && isValidCell(value) && getResolution(value) === 8,
        defaultMessage: (args?: ValidationArguments) =>
          `each of ${args?.property ?? 'cells'} must be a valid H3 cell at resolution 8`,
      },
    });
}

export class PredictDestinationBody {
  @ApiProperty({ description: 'MMSI, 9 digits starting 2-7; an unknown vessel is allowed' })
  @IsString()
  @Matches(/^[2-7]\d{8}$/, { message: 'mmsi must be 9 digits starting with 2 to 7' })
  mmsi!: string;

  @ApiProperty({
    description: 'The recent track as res-8 H3 cells, oldest first',
    type: [String],
    minItems: 1,
    maxItems: MAX_PREDICT_CELLS,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_PREDICT_CELLS)
  @IsRes8Cell()
  active_h3_sequence!: string[];

  @ApiPropertyOptional({ description: 'Current draft, metres' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(40)
  draft_current?: number;

  @ApiPropertyOptional({ description: 'Draft change over the track, metres (negative = lighter)' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-40)
  @Max(40)
  draft_delta?: number;
}
