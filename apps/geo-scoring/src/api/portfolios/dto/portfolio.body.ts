import { ApiProperty } from '@nestjs/swagger';
import { DashboardName } from '../../../platform/api-policy/dashboard-params';

/** POST /api/portfolios and PATCH /api/portfolios/{id}. */
export class PortfolioNameBody {
  @ApiProperty({
    description: 'Unique per user, case-insensitive; trimmed, 1 to 120 characters',
    example: 'Austin retail',
  })
  @DashboardName(120)
  name!: string;
}
