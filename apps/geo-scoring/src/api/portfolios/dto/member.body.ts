import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DashboardName, StorableText } from '../../../platform/api-policy/dashboard-params';

export const MAX_MEMBER_NAME = 200;
export const MAX_ADDRESS = 500;

/** One member: a named point. Coordinates must be JSON numbers. */
export class MemberBody {
  @ApiProperty({ description: 'Trimmed, 1 to 200 characters', example: 'Store #12' })
  @DashboardName(MAX_MEMBER_NAME)
  name!: string;

  @ApiProperty({ minimum: -90, maximum: 90, example: 30.2672 })
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat!: number;

  @ApiProperty({ minimum: -180, maximum: 180, example: -97.7431 })
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lng!: number;

  @ApiPropertyOptional({ description: 'Street address, kept as a label (at most 500 characters)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(MAX_ADDRESS)
  @StorableText()
  address?: string;
}

/** Bulk form: 1 to 500 members, all-or-nothing. */
export class MembersBulkBody {
  @ApiProperty({ type: [MemberBody], minItems: 1, maxItems: 500 })
  members!: MemberBody[];
}
