import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class PresetSnapshotResponse {
  @ApiProperty({ example: 'support-bot' }) slug!: string;
  @ApiProperty({ example: 3 }) version!: number;
  @ApiProperty({ example: 'cheap' }) model!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) params!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String }) system_prompt!: string | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true })
  provider_preferences!: Record<string, unknown> | null;
  @ApiProperty({ description: 'Email of the session that wrote the version' }) author!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class PresetVersionListResponse {
  @ApiProperty({ type: [PresetSnapshotResponse], description: 'Newest first' })
  data!: PresetSnapshotResponse[];
}

export class PresetResponse {
  @ApiProperty({ example: 'support-bot' }) slug!: string;
  @ApiProperty({ enum: ['draft', 'published', 'disabled'] }) status!: string;
  @ApiProperty({ description: 'Newest version; a published preset serves it' })
  latest_version!: number;
  @ApiProperty({ example: 'cheap' }) model!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) params!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String }) system_prompt!: string | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true })
  provider_preferences!: Record<string, unknown> | null;
  @ApiProperty({ description: 'Author of the latest version' }) author!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) published_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Set on the answer of DELETE' })
  deleted_at?: string;
}

export class PresetListResponse {
  @ApiProperty({ type: [PresetResponse] }) data!: PresetResponse[];
}

/** A write's answer: the preset and whether every replica was told to drop its cache. */
export class PresetWriteResponse extends PresetResponse {
  @ApiProperty() proxy_cache_invalidated!: boolean;
  @ApiPropertyOptional({ enum: ['proxy_cache_invalidation_failed'] }) proxy_cache_error?: string;
  @ApiPropertyOptional({ description: 'How long replicas may serve the old preset', example: 60 })
  cache_ttl_seconds?: number;
}

export class PresetInvalidationResponse {
  @ApiProperty() invalidated!: boolean;
  @ApiProperty({ description: 'Epoch of the message on the bus' }) epoch!: number;
}
