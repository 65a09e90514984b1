import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export const MODEL_NAME_PATTERN = /^[A-Za-z0-9._:/-]{1,200}$/;

export class PutModelAliasDto {
  @ApiProperty({
    description: 'Canonical model the alias stands for (a model of UPSTREAMS)',
    example: 'gpt-4o-mini',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  model!: string;
}

export class ModelAliasResponse {
  @ApiProperty({ example: 'fast' }) alias!: string;
  @ApiProperty({ example: 'gpt-4o-mini' }) model!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ModelAliasListResponse {
  @ApiProperty({ type: [ModelAliasResponse] }) data!: ModelAliasResponse[];
}

export class InvalidationResponse {
  @ApiProperty({ description: 'Published to every replica' }) invalidated!: boolean;
  @ApiProperty({ description: 'Epoch of the message on the bus' }) epoch!: number;
}

export function isValidAliasName(alias: string): boolean {
  return MODEL_NAME_PATTERN.test(alias);
}
