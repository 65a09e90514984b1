import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { KeyStatus, microToUsd, VirtualKey, keyStatus } from '../virtual-key';

/** A key as operators see it: never the secret or its hash. */
export class KeyResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    description: 'First characters of the key, to recognise it',
    example: 'sk-proxy-Ab3dE9',
  })
  key_prefix!: string;
  @ApiProperty() alias!: string;
  @ApiProperty({ nullable: true, type: String }) team_id!: string | null;
  @ApiProperty({ enum: ['active', 'revoked', 'expired'] }) status!: KeyStatus;
  @ApiProperty({ nullable: true, type: [String] }) allowed_models!: string[] | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) expires_at!: string | null;
  @ApiProperty({ nullable: true, type: Number }) rpm!: number | null;
  @ApiProperty({ nullable: true, type: Number }) tpm!: number | null;
  @ApiProperty({ nullable: true, type: Number }) monthly_budget_usd!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) metadata!: Record<
    string,
    string
  >;
  @ApiProperty({ description: 'Spend this calendar month (UTC), USD' })
  month_to_date_spend_usd!: number;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) last_used_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) revoked_at!: string | null;
}

export class CreatedKeyResponse extends KeyResponse {
  @ApiProperty({
    description: 'The plaintext key. Shown once; only its hash is stored.',
    example: 'sk-proxy-…',
  })
  key!: string;
}

export class KeyListResponse {
  @ApiProperty({ type: [KeyResponse] }) data!: KeyResponse[];
  @ApiPropertyOptional({ nullable: true, type: String }) next_cursor!: string | null;
}

export function toKeyResponse(
  key: VirtualKey,
  spendMicroUsd: number,
  now = Date.now(),
): KeyResponse {
  return {
    id: key.id,
    key_prefix: key.keyPrefix,
    alias: key.alias,
    team_id: key.teamId,
    status: keyStatus(key, now),
    allowed_models: key.allowedModels,
    expires_at: key.expiresAt?.toISOString() ?? null,
    rpm: key.rpm,
    tpm: key.tpm,
    monthly_budget_usd:
      key.monthlyBudgetMicroUsd === null ? null : microToUsd(key.monthlyBudgetMicroUsd),
    metadata: key.metadata,
    month_to_date_spend_usd: microToUsd(spendMicroUsd),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}
