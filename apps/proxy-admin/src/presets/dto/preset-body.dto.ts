import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  registerDecorator,
  ValidateIf,
  ValidationArguments,
} from 'class-validator';
import { MODEL_NAME_PATTERN } from '../../model-aliases/dto/model-alias.dto';

export const MAX_PARAMS_BYTES = 16_384;
export const MAX_PROVIDER_PREFERENCES_BYTES = 4_096;
export const MAX_SYSTEM_PROMPT_LENGTH = 32_768;
/** Request fields a preset's params may not carry: the preset and the caller own them. */
export const RESERVED_PARAMS = ['model', 'messages', 'stream', 'plugins'];

/** A JSON object (not an array, not null) whose serialisation fits in `maxBytes`. */
function IsBoundedJsonObject(maxBytes: number, reserved: string[] = []): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isBoundedJsonObject',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Buffer.byteLength(JSON.stringify(value)) <= maxBytes &&
          reserved.every((key) => !Object.prototype.hasOwnProperty.call(value, key)),
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must be a JSON object of at most ${maxBytes} bytes` +
          (reserved.length ? ` without the fields ${reserved.join(', ')}` : ''),
      },
    });
}

/** A whole preset snapshot: create takes it with a slug, update takes it alone. */
export class PresetSnapshotDto {
  @ApiProperty({ description: 'Model (canonical or alias) the preset sends to', example: 'cheap' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @Matches(MODEL_NAME_PATTERN, {
    message: 'model must be 1-200 characters of A-Z a-z 0-9 . _ : / -',
  })
  model!: string;

  @ApiPropertyOptional({
    description: `Sampling parameters merged into requests (request values win); at most ${MAX_PARAMS_BYTES} bytes`,
    example: { temperature: 0.2 },
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional()
  @IsBoundedJsonObject(MAX_PARAMS_BYTES, RESERVED_PARAMS)
  params?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Prepended as a system message', nullable: true })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_SYSTEM_PROMPT_LENGTH)
  system_prompt?: string | null;

  @ApiPropertyOptional({
    description: `Provider routing preferences; at most ${MAX_PROVIDER_PREFERENCES_BYTES} bytes`,
    nullable: true,
    type: 'object',
    additionalProperties: true,
  })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsBoundedJsonObject(MAX_PROVIDER_PREFERENCES_BYTES)
  provider_preferences?: Record<string, unknown> | null;
}

export class CreatePresetDto extends PresetSnapshotDto {
  @ApiProperty({ description: "Unique among the team's live presets", example: 'support-bot' })
  @IsString()
  slug!: string;
}

export class PresetInvalidateDto {
  @ApiProperty({ description: 'Team whose preset cache every replica drops', example: 'team-a' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  team_id!: string;
}
