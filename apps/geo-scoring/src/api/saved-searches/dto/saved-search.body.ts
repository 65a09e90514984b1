import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DashboardName } from '../../../platform/api-policy/dashboard-params';

const FILTER_DESCRIPTION =
  'Any JSON object (not an array or null), at most 8,192 bytes as UTF-8 JSON; suggested keys ' +
  '`metros[]`, `composite {min, max}`, `signals {<group>: {min}}`, `sort {field, dir}`';

/** The fields of a saved-search body besides its free-form filter. */
export class SavedSearchNameBody {
  @ApiPropertyOptional({
    description: 'Unique per user, case-insensitive; trimmed, 1 to 120 characters',
  })
  @IsOptional()
  @DashboardName(120)
  name?: string;
}

/** POST /api/saved-searches (documentation; the body is read by CreateSavedSearchPipe). */
export class CreateSavedSearchBody {
  @ApiProperty({ description: 'Unique per user, case-insensitive; trimmed, 1 to 120 characters' })
  name!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: FILTER_DESCRIPTION })
  filter!: Record<string, unknown>;
}

/** PATCH /api/saved-searches (documentation; the body is read by UpdateSavedSearchPipe). */
export class UpdateSavedSearchBody {
  @ApiPropertyOptional({ description: 'New name; unique per user, case-insensitive' })
  name?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `Replaces the filter. ${FILTER_DESCRIPTION}`,
  })
  filter?: Record<string, unknown>;
}
