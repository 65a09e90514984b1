import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { ReadCacheable, ReadCached } from '../../platform/read-cache/read-cache.decorator';
import { TierDistributionQuery } from './dto/tier-distribution.query';
import { TierDistributionResponse } from './dto/tier-distribution.response';
import { TierDistributionService } from './tier-distribution.service';

@ApiTags('discovery')
@RateLimit('public')
@EdgeCache('public')
@ReadCacheable()
@Controller('api/metro-tier-distribution')
export class TierDistributionController {
  constructor(private readonly tiers: TierDistributionService) {}

  @Get()
  @ReadCached('tier-distribution')
  @ApiOperation({
    summary: "Tier buckets of a metro's current scores for one signal",
    description:
      'Tier buckets (prime ≥ 80, strong 60–80, solid 40–60, watch 20–40, elevated < 20, ' +
      'half-open); cells whose signal is null are excluded; total = Σ buckets.',
  })
  @ApiOkResponse({ type: TierDistributionResponse })
  @ApiResponse({
    status: 400,
    description: '`invalid_request` (missing metro, unknown signal or parameter)',
  })
  @ApiResponse({ status: 404, description: '`metro_not_found`' })
  distribution(@Query() query: TierDistributionQuery): Promise<TierDistributionResponse> {
    return this.tiers.distribution(query);
  }
}
