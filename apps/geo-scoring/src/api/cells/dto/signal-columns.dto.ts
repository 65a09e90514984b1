import { ApiProperty } from '@nestjs/swagger';

const signal = (description: string): Parameters<typeof ApiProperty>[0] => ({
  type: Number,
  nullable: true,
  minimum: 0,
  maximum: 100,
  description: `${description}; 0..100, 2 decimals; null when the group does not apply to the cell`,
});

/**
 * The eight signal-group columns, shared by every response that carries them
 * (see docs/geo-scoring/data-model.md#scores).
 */
export class SignalColumnsDto {
  @ApiProperty(signal('Business vitality'))
  business_vitality!: number | null;

  @ApiProperty(signal('Population momentum'))
  population_momentum!: number | null;

  @ApiProperty(signal('Demographics'))
  demographics!: number | null;

  @ApiProperty(signal('Economic strength'))
  economic_strength!: number | null;

  @ApiProperty(signal('Development pipeline'))
  development_pipeline!: number | null;

  @ApiProperty(signal('Accessibility'))
  accessibility!: number | null;

  @ApiProperty(signal('Safety environment'))
  safety_environment!: number | null;

  @ApiProperty(signal('Amenity demand'))
  amenity_demand!: number | null;
}
