import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { DestinationsService } from './destinations.service';
import { DestinationReliabilityQuery } from './dto/destination-reliability.query';
import { PredictDestinationBody } from './dto/predict-destination.body';

@ApiTags('forecasts')
@Controller('api/v1')
export class DestinationsController {
  constructor(@Inject(DestinationsService) private readonly destinations: DestinationsService) {}

  @Post('predict-destination')
  @HttpCode(200)
  @KeyRoute()
  @ApiOperation({ summary: 'The five likeliest destination ports for a partial track' })
  predict(@Body() body: PredictDestinationBody): Promise<unknown> {
    return this.destinations.predict(body);
  }

  @Get('predict-destination/model')
  @PublicRoute()
  @ApiOperation({ summary: 'The active destination model and its holdout accuracy' })
  model(): Promise<unknown> {
    return this.destinations.model();
  }

  @Get('destination-reliability')
  @PublicRoute()
  @ApiOperation({
    summary: "How often vessels' declared AIS destinations named the port they reached",
  })
  reliability(@Query() query: DestinationReliabilityQuery): Promise<unknown> {
    return this.destinations.reliability(query);
  }
}
