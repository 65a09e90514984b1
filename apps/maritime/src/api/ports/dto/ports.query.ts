import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

export class PortsQuery {
  @ApiPropertyOptional({ description: 'ISO 3166-1 alpha-2 country code', example: 'NL' })
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be two capital letters (ISO 3166-1 alpha-2)' })
  country?: string;
}

export class PortParams {
  @ApiProperty({ description: 'Port slug', example: 'rotterdam' })
  @Matches(/^[a-z0-9][a-z0-9-]{1,62}$/, {
    message: 'slug must be 2-63 lowercase letters, digits or hyphens',
  })
  slug!: string;
}
