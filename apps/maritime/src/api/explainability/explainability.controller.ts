import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { KeyRoute } from '../../platform/access/route-access';
import { ExplainabilityQuery } from './dto/explainability.dto';
import { ExplainabilityService } from './explainability.service';

@ApiTags('investigations')
@Controller('api/v1/signals/explainability')
export class ExplainabilityController {
  constructor(@Inject(ExplainabilityService) private readonly explain: ExplainabilityService) {}

  @Get()
  @KeyRoute()
  @ApiOperation({
    summary: 'How a cargo estimate, motif or spoofing signal was derived, step by step',
  })
  get(@Query() query: ExplainabilityQuery): Promise<unknown> {
    return this.explain.explain(query);
  }
}
