import { ApiProperty } from '@nestjs/swagger';
import {
  JURISDICTIONS,
  ZBA_OUTCOMES,
} from '../../../pipeline/ingest/datasets/zba-decisions.dataset';
import { PIONEER_TIERS } from './business-licenses.query';

export class BusinessLicenseRecord {
  @ApiProperty({ description: 'Row id (a decimal string)' })
  id!: string;

  @ApiProperty()
  source_id!: string;

  @ApiProperty()
  metro_slug!: string;

  @ApiProperty()
  business_name!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty({ type: 'string', nullable: true })
  naics_code!: string | null;

  @ApiProperty({ enum: PIONEER_TIERS })
  pioneer_tier!: string;

  @ApiProperty({ description: 'Licence issued, ISO 8601 UTC' })
  occurred_at!: string;

  @ApiProperty({ type: 'string', nullable: true, format: 'date' })
  close_date!: string | null;

  @ApiProperty()
  source_loaded_at!: string;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;

  @ApiProperty()
  h3_index!: string;
}

export class ZbaDecisionRecord {
  @ApiProperty({ description: 'Row id (a decimal string)' })
  id!: string;

  @ApiProperty()
  case_number!: string;

  @ApiProperty({ enum: JURISDICTIONS })
  jurisdiction!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty()
  variance_type!: string;

  @ApiProperty({ enum: ZBA_OUTCOMES })
  outcome!: string;

  @ApiProperty({ format: 'date' })
  decision_date!: string;

  @ApiProperty()
  conditions!: string;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;

  @ApiProperty()
  h3_index!: string;

  @ApiProperty()
  source_loaded_at!: string;
}

export class BusinessLicenseSearchResponse {
  @ApiProperty({ type: [BusinessLicenseRecord] })
  records!: BusinessLicenseRecord[];

  @ApiProperty({ type: 'string', nullable: true, description: 'null on the last page' })
  next_cursor!: string | null;

  @ApiProperty({ type: 'integer', description: 'Records matching the filters, all pages' })
  total!: number;
}

export class ZbaDecisionSearchResponse {
  @ApiProperty({ type: [ZbaDecisionRecord] })
  records!: ZbaDecisionRecord[];

  @ApiProperty({ type: 'string', nullable: true, description: 'null on the last page' })
  next_cursor!: string | null;

  @ApiProperty({ type: 'integer', description: 'Records matching the filters, all pages' })
  total!: number;
}
