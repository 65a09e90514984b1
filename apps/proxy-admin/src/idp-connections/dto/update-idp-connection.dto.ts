import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';

/** Absent is fine; null is not a value any of these fields can take (IsOptional would let it by). */
const IfPresent = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);

export class UpdateIdpConnectionDto {
  @ApiPropertyOptional({ description: 'Re-validated through its discovery document' })
  @IfPresent()
  @IsString()
  @MaxLength(2048)
  issuer?: string;

  @ApiPropertyOptional()
  @IfPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  client_id?: string;

  @ApiPropertyOptional({ writeOnly: true })
  @IfPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  client_secret?: string;

  @ApiPropertyOptional({ description: 'false stops new device authorizations for the domain' })
  @IfPresent()
  @IsBoolean()
  enabled?: boolean;

  /** Immutable: accepted by the validator only so the answer can say so (400 immutable_field). */
  @Allow()
  provider?: unknown;

  /** Immutable, as provider. */
  @Allow()
  login_domain?: unknown;
}
