import { ApiProperty } from '@nestjs/swagger';
import { CLUSTER_TYPES } from './spatial-diagnostics.query';

const QUADRANTS = ['HH', 'HL', 'LH', 'LL'];

export class SpatialDiagnosticsDetail {
  @ApiProperty({
    enum: CLUSTER_TYPES,
    description:
      'Quadrant of a significant cell (p ≤ 0.05), or TDA_DONUT (a low cell inside a high ring)',
  })
  cluster_type!: string;

  @ApiProperty({
    description: "Local Moran's I (row-standardised queen weights, k = 1), 6 decimals",
  })
  local_moran!: number;

  @ApiProperty({
    enum: QUADRANTS,
    description: 'esda quadrant of (z, spatial_lag); 0 counts as low',
  })
  quadrant!: string;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description:
      'Conditional-permutation pseudo p-value, folded as esda p_sim (not doubled): ' +
      '(min(G, R − G) + 1) / (R + 1)',
  })
  p_value!: number | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Benjamini–Hochberg q over the metro',
  })
  q_value!: number | null;

  @ApiProperty({ description: 'Standardised composite, 6 decimals' })
  z!: number;

  @ApiProperty({ description: 'Mean z of the scored neighbours, 6 decimals' })
  spatial_lag!: number;

  @ApiProperty({ type: 'integer', description: 'Scored neighbours (gridDisk k = 1)' })
  neighbors!: number;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'TDA_DONUT only: min ring composite − composite; null otherwise',
  })
  persistence!: number | null;
}

export class SpatialOutlier {
  @ApiProperty({ description: 'H3 index, resolution 8' })
  h3_index!: string;

  @ApiProperty({ example: 'atx' })
  metro_slug!: string;

  @ApiProperty({ description: 'Cell centre latitude' })
  lat!: number;

  @ApiProperty({ description: 'Cell centre longitude' })
  lng!: number;

  @ApiProperty({ type: 'string', nullable: true, description: 'Nearest neighbourhood or suburb' })
  location_name!: string | null;

  @ApiProperty({ description: 'Composite when the run was computed' })
  score_baseline!: number;

  @ApiProperty({
    description: 'confidence × composite + (1 − confidence) × mean neighbour composite, 2 decimals',
  })
  experimental_composite!: number;

  @ApiProperty({ type: SpatialDiagnosticsDetail })
  spatial_diagnostics!: SpatialDiagnosticsDetail;
}

export class DiagnosticsRunMeta {
  @ApiProperty({ example: 'atx' })
  metro_slug!: string;

  @ApiProperty({ description: 'spatial_diagnostics_runs id', example: '42' })
  run_id!: string;

  @ApiProperty({ format: 'date-time' })
  computed_at!: string;

  @ApiProperty({ type: 'integer', example: 999 })
  permutations!: number;

  @ApiProperty({ type: 'integer', example: 20240601 })
  seed!: number;
}

export class SpatialDiagnosticsMeta {
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The run listed (null when several metros are listed: see runs)',
  })
  run_id!: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When that run (with several metros: the newest run) was computed',
  })
  computed_at!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'R (null if runs differ)' })
  permutations!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'PRNG seed (null if runs differ)' })
  seed!: number | null;

  @ApiProperty({ enum: [0.05], description: 'p threshold of a quadrant cluster_type' })
  significance!: number;

  @ApiProperty({ type: [DiagnosticsRunMeta], description: 'The current run of every listed metro' })
  runs!: DiagnosticsRunMeta[];
}

export class SpatialDiagnosticsResponse {
  @ApiProperty({ type: 'integer', description: 'Matching outliers before the limit' })
  total!: number;

  @ApiProperty({
    type: [SpatialOutlier],
    description: 'Ordered p_value ASC, |local_moran| DESC, h3_index',
  })
  outliers!: SpatialOutlier[];

  @ApiProperty({ type: SpatialDiagnosticsMeta })
  meta!: SpatialDiagnosticsMeta;
}
