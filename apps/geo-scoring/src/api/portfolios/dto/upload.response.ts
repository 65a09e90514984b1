import { ApiProperty } from '@nestjs/swagger';

export const UPLOAD_ROW_STATUSES = ['inserted', 'invalid', 'geocode_failed'] as const;
export type UploadRowStatus = (typeof UPLOAD_ROW_STATUSES)[number];

export class UploadRowResult {
  @ApiProperty({
    type: 'integer',
    description: '1-based position among data rows (header excluded)',
  })
  rowIndex!: number;

  @ApiProperty({ enum: UPLOAD_ROW_STATUSES })
  status!: UploadRowStatus;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Why the row was not inserted: e.g. `lat must be a number between -90 and 90`, `address is ' +
      'empty`; for geocode_failed `no_match`, `timeout`, `geocoder_error`, `deadline_exceeded` ' +
      'or `geocoder_unavailable`. null when inserted',
  })
  reason!: string | null;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  member_id!: string | null;
}

export class UploadResult {
  @ApiProperty({ type: [UploadRowResult], description: 'One per data row, in file order' })
  rows!: UploadRowResult[];

  @ApiProperty({ type: 'integer' })
  inserted!: number;

  @ApiProperty({ type: 'integer' })
  invalid!: number;

  @ApiProperty({ type: 'integer' })
  geocode_failed!: number;
}
