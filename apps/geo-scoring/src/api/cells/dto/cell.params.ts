import { ApiProperty } from '@nestjs/swagger';
import { IsRes8Cell } from '../../../platform/api-policy/query-params';

export class CellParams {
  @ApiProperty({ description: 'A valid H3 resolution-8 cell index', example: '882a100d2dfffff' })
  @IsRes8Cell()
  h3Index!: string;
}
