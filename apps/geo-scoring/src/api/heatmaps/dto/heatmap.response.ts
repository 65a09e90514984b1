import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class HeatmapPoint {
  @ApiProperty({ enum: ['Point'] })
  type!: 'Point';

  @ApiProperty({
    type: [Number],
    minItems: 2,
    maxItems: 2,
    description: '[lng, lat] of the res-5 hexagon centre (RFC 7946 order), 6 decimals',
    example: [-97.743061, 30.267153],
  })
  coordinates!: [number, number];
}

export class HeatmapFeatureProperties {
  @ApiProperty({ description: 'H3 index, resolution 5', example: '8548996bfffffff' })
  h3!: string;

  @ApiProperty({
    description:
      'activity-heatmap: integer event count over the window; heatmap/crime: Σ incident ' +
      'magnitude (2 decimals). Raw, long-tailed values',
    example: 1520,
  })
  weight!: number;
}

export class HeatmapFeature {
  @ApiProperty({ enum: ['Feature'] })
  type!: 'Feature';

  @ApiProperty({ type: HeatmapPoint })
  geometry!: HeatmapPoint;

  @ApiProperty({ type: HeatmapFeatureProperties })
  properties!: HeatmapFeatureProperties;
}

export class HeatmapMeta {
  @ApiPropertyOptional({
    enum: ['crime'],
    description: 'heatmap/{dimension} only: the dimension served',
  })
  dimension?: string;

  @ApiProperty({ enum: [90], description: 'Last 90 UTC days including today' })
  window_days!: number;

  @ApiProperty({ enum: [5], description: 'H3 resolution of the features' })
  parent_res!: number;

  @ApiProperty({ description: 'Number of features' })
  hex_count!: number;
}

/** RFC 7946 FeatureCollection with a `meta` foreign member. */
@ApiExtraModels(HeatmapFeatureProperties, HeatmapPoint)
export class HeatmapCollection {
  @ApiProperty({ enum: ['FeatureCollection'] })
  type!: 'FeatureCollection';

  @ApiProperty({ type: [HeatmapFeature], description: 'Ordered by h3' })
  features!: HeatmapFeature[];

  @ApiProperty({ type: HeatmapMeta })
  meta!: HeatmapMeta;
}
