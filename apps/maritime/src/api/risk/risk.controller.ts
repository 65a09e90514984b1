import { Body, Controller, Get, Inject, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { ImoParams } from '../vessels/dto/vessels.query';
import { MethodologyQuery, RiskWeightsBody } from './dto/risk.dto';
import { MethodologyBody, renderMethodologyPdf } from './methodology-pdf';
import { RiskService } from './risk.service';

@ApiTags('risk')
@Controller('api/v1')
export class RiskController {
  constructor(@Inject(RiskService) private readonly risk: RiskService) {}

  @Get('vessels/:imo/risk')
  @PublicRoute()
  @ApiOperation({
    summary: "A vessel's risk-v1 score and factors (and the owner's custom score, when set)",
  })
  score(@Param() params: ImoParams, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.risk.risk(params.imo, caller);
  }

  @Get('vessels/:imo/risk-methodology')
  @PublicRoute()
  @ApiProduces('application/json', 'application/pdf')
  @ApiOperation({ summary: 'The 14-factor breakdown of the score, as JSON or as a PDF to file' })
  async methodology(
    @Param() params: ImoParams,
    @Query() query: MethodologyQuery,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const body = await this.risk.methodology(params.imo, caller);
    if (query.format !== 'pdf') return body;
    const pdf = await renderMethodologyPdf(body as unknown as MethodologyBody);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `inline; filename="risk-${params.imo}.pdf"`);
    response.send(pdf);
    return undefined;
  }

  @Get('risk/weights')
  @KeyRoute('supply_chain_risk')
  @ApiOperation({ summary: "The owner's custom risk weights (risk-v1's until set)" })
  weights(@CurrentCaller() caller: Caller): Promise<unknown> {
    return this.risk.currentWeights(caller);
  }

  @Put('risk/weights')
  @KeyRoute('supply_chain_risk')
  @ApiOperation({
    summary: 'Sets custom weights for the 14 factors (>= 0, summing to 1); versioned',
  })
  setWeights(@Body() body: RiskWeightsBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.risk.putWeights(body, caller);
  }
}
