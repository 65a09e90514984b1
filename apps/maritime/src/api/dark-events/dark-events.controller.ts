import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { DarkEventsService } from './dark-events.service';
import { DarkEventsQuery } from './dto/dark-events.query';

@ApiTags('vessels')
@Controller('api/v1/dark-events')
export class DarkEventsController {
  constructor(@Inject(DarkEventsService) private readonly events: DarkEventsService) {}

  @Get()
  @KeyRoute('starter')
  @ApiOperation({ summary: 'AIS gaps at sea of 6 hours or more, newest detection first' })
  list(@Query() query: DarkEventsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.events.list(query, caller);
  }
}
