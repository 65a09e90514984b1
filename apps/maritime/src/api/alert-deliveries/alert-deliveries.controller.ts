import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { AlertDeliveriesService } from './alert-deliveries.service';
import { DeliveriesQuery, ReplayBody } from './dto/alert-deliveries.dto';

// Its own prefix under /alerts: `deliveries/:id` cannot shadow rules, channels or unified.
@ApiTags('alerts')
@Controller('api/v1/alerts/deliveries')
@KeyRoute('free')
export class AlertDeliveriesController {
  constructor(
    @Inject(AlertDeliveriesService) private readonly deliveries: AlertDeliveriesService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The owner's deliveries, newest first, with the open dead-letter count",
  })
  list(@Query() query: DeliveriesQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.deliveries.list(caller, query);
  }

  @Post('replay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replays dead letters by id (up to 100) or by dead-letter time range [from, to)',
  })
  replay(@Body() body: ReplayBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.deliveries.replay(caller, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One delivery with every attempt and its dead letter' })
  get(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.deliveries.get(caller, id);
  }
}
