import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { AlertChannelsService } from './alert-channels.service';
import {
  ChannelQuery,
  ChannelTestResponse,
  ChannelView,
  PutChannelBody,
  TestChannelBody,
} from './dto/alert-channels.dto';

@ApiTags('alerts')
@Controller('api/v1/alerts/channels')
@KeyRoute('free')
export class AlertChannelsController {
  constructor(@Inject(AlertChannelsService) private readonly channels: AlertChannelsService) {}

  @Get()
  @ApiOperation({ summary: "The owner's delivery channels, configurations masked" })
  list(@CurrentCaller() caller: Caller): Promise<{ channels: ChannelView[] }> {
    return this.channels.list(caller);
  }

  @Put()
  @ApiOperation({
    summary: 'Creates (201) or replaces (200) a channel; webhook channels need the pro plan',
  })
  async put(
    @Body() body: PutChannelBody,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ channel: ChannelView }> {
    const result = await this.channels.put(caller, body);
    response.status(result.created ? 201 : 200);
    return result.body;
  }

  @Delete()
  @ApiOperation({ summary: 'Removes a channel and cancels its pending deliveries' })
  remove(
    @Query() query: ChannelQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<{ deleted: true; channel: string }> {
    return this.channels.remove(caller, query);
  }

  @Post('test')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends a sample alert through a configured channel now and reports the attempt',
  })
  test(
    @Body() body: TestChannelBody,
    @CurrentCaller() caller: Caller,
  ): Promise<ChannelTestResponse> {
    return this.channels.test(caller, body);
  }
}
