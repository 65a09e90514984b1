import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { LimitQuery } from '../../../platform/validation/page-query';

export const CASE_FILES_PAGE_MAX = 100;
export const CASE_NOTES_MAX = 10_000;
export const CASE_TAGS_MAX = 20;
export const UNIFIED_ALERT_ID =
  /^(platform|dark_event|spoofing_alert|locus_alert):[1-9][0-9]{0,17}$/;

export class CaseFilesQuery extends LimitQuery(CASE_FILES_PAGE_MAX, 20) {
  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0)
  offset?: number;
}

export class CreateCaseBody {
  @ApiProperty({
    description: 'Unified alert id `<source>:<id>` of an alert on this vessel',
    example: 'dark_event:42',
  })
  @IsString()
  @Matches(UNIFIED_ALERT_ID, {
    message: 'motif_alert_id must be <platform|dark_event|spoofing_alert|locus_alert>:<id>',
  })
  motif_alert_id!: string;

  @ApiPropertyOptional({ maxLength: CASE_NOTES_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(CASE_NOTES_MAX)
  notes?: string;

  @ApiPropertyOptional({ type: [String], maxItems: CASE_TAGS_MAX, example: ['sts', 'gulf'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CASE_TAGS_MAX)
  @IsString({ each: true })
  @Matches(/^[a-z0-9_-]{1,40}$/, { each: true, message: 'each tag must match ^[a-z0-9_-]{1,40}$' })
  tags?: string[];
}

export class CaseExportQuery {
  @ApiPropertyOptional({ description: 'The case to export; the newest case by default' })
  @IsOptional()
  @IsUUID('all')
  case_id?: string;

  @ApiPropertyOptional({ enum: ['json', 'tar'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'tar'])
  format?: 'json' | 'tar';
}
