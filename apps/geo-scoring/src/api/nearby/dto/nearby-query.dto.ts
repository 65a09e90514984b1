import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNumber, Max, Min } from 'class-validator';

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A query value written as a decimal number, as that number; undefined for anything else. */
export function decimalOf(value: unknown): number | undefined {
  return typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value.trim()) : undefined;
}

/**
 * A decimal query value as a number. Anything else (blank, `NaN`, `Infinity`, a repeated
 * parameter) stays as it came, so IsNumber rejects it with 400 instead of Number('') = 0 slipping
 * through as a coordinate.
 */
const ToDecimal = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => decimalOf(value) ?? value);

export class NearbyQueryDto {
  @ApiProperty({ description: 'Latitude in degrees (WGS 84)', minimum: -90, maximum: 90 })
  @ToDecimal()
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat!: number;

  @ApiProperty({ description: 'Longitude in degrees (WGS 84)', minimum: -180, maximum: 180 })
  @ToDecimal()
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lng!: number;
}
