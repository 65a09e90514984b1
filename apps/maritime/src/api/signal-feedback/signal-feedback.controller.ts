import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { AnalystRoute } from '../../platform/access/route-access';
import { ImoParams } from '../vessels/dto/vessels.query';
import { SignalFeedbackBody } from './dto/signal-feedback.dto';
import { SignalFeedbackService } from './signal-feedback.service';

@ApiTags('investigations')
@Controller('api/v1/vessels/:imo/signal-feedback')
export class SignalFeedbackController {
  constructor(@Inject(SignalFeedbackService) private readonly feedback: SignalFeedbackService) {}

  @Get()
  @AnalystRoute()
  @ApiOperation({
    summary: "A vessel's signals of the last 180 days with the owner's verdicts and calibration",
  })
  list(@Param() params: ImoParams, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.feedback.list(params.imo, caller);
  }

  @Post()
  @HttpCode(200)
  @AnalystRoute()
  @ApiOperation({
    summary: 'Records (or replaces) a verdict on a signal, optionally suppressing repeats',
  })
  adjudicate(
    @Param() params: ImoParams,
    @Body() body: SignalFeedbackBody,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.feedback.adjudicate(params.imo, body, caller);
  }
}
