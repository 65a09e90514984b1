import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { AlertStateService } from './alert-state.service';
import { AlertsService } from './alerts.service';
import { AlertStateBody, AlertsQuery, UnifiedAlertsQuery } from './dto/alerts.dto';

@ApiTags('alerts')
@Controller('api/v1/alerts')
@KeyRoute('free')
export class AlertsController {
  constructor(
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Inject(AlertStateService) private readonly states: AlertStateService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Platform alerts (sanctions_match, river_level, dark_fleet), newest first; limit capped by plan',
  })
  platform(@Query() query: AlertsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.alerts.platformFeed(query, caller);
  }

  @Get('unified')
  @ApiOperation({ summary: 'Alerts of every source with their state for this owner, newest first' })
  unified(@Query() query: UnifiedAlertsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.alerts.unifiedFeed(query, caller);
  }

  @Post('unified/state')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets this owner's state of an alert: read, resolve, snooze or open" })
  setState(@Body() body: AlertStateBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.states.apply(body, caller);
  }
}
