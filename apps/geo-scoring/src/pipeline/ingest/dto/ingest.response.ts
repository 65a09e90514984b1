import { ApiProperty } from '@nestjs/swagger';
import { DATASET_NAMES } from '../datasets/dataset';

export class IngestLineError {
  @ApiProperty({ description: '1-based line number in the (decompressed) body', example: 3 })
  line!: number;

  @ApiProperty({ example: 'lat must be between -90 and 90' })
  message!: string;
}

export class IngestResponse {
  @ApiProperty({ enum: DATASET_NAMES })
  dataset!: string;

  @ApiProperty({ description: 'Non-blank lines in the body' })
  received!: number;

  @ApiProperty({ description: 'Rows created' })
  inserted!: number;

  @ApiProperty({ description: 'Existing rows (same natural key) overwritten' })
  updated!: number;

  @ApiProperty({ description: 'Lines rejected' })
  rejected!: number;

  @ApiProperty({ type: [IngestLineError], description: 'The first 100 rejections, by line' })
  errors!: IngestLineError[];
}
