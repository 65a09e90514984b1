import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class UpdateIdpConnectionDto {
  @ApiPropertyOptional({ description: 'Re-validated through its discovery document' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  issuer?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  client_id?: string;

  @ApiPropertyOptional({ writeOnly: true })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  client_secret?: string;

  @ApiPropertyOptional({ description: 'false stops new device authorizations for the domain' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  /** Immutable: accepted by the validator only so the answer can say so (400 immutable_field). */
  @Allow()
  provider?: unknown;

  /** Immutable, as provider. */
  @Allow()
  login_domain?: unknown;
}
