import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession, DashboardSession, SessionGuard } from '@platform/auth';
import { OneShotQuery } from './dto/one-shot.query';
import { OneShotResponse } from './dto/one-shot.response';
import { OneShotService } from './one-shot.service';

@ApiTags('dashboard: usage')
@ApiBearerAuth('session')
@UseGuards(SessionGuard)
@Controller('api/usage')
export class OneShotController {
  constructor(private readonly oneShot: OneShotService) {}

  @Get('one-shot')
  @ApiOperation({
    summary: "The signed-in team's one-shot rate over 24h, 7d (default) or 30d, by primary model",
  })
  @ApiOkResponse({ type: OneShotResponse })
  get(
    @CurrentSession() session: DashboardSession,
    @Query() query: OneShotQuery,
  ): Promise<OneShotResponse> {
    return this.oneShot.oneShot(session.team_id, query.period ?? '7d');
  }
}
