import { ApiProperty } from '@nestjs/swagger';

export class SavedSearch {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  filter!: Record<string, unknown>;

  @ApiProperty({ description: 'ISO 8601 UTC' })
  created_at!: string;

  @ApiProperty({ description: 'ISO 8601 UTC' })
  updated_at!: string;
}

export class SavedSearchList {
  @ApiProperty({ type: [SavedSearch], description: 'Newest first (created_at DESC, id DESC)' })
  saved_searches!: SavedSearch[];
}
