import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { ComparablePoolQuery, InsuranceImoQuery } from './dto/insurance.query';
import { InsuranceMethodologyService } from './insurance-methodology.service';
import { InsuranceService } from './insurance.service';

@ApiTags('insurance')
@Controller('api/v1/insurance')
export class InsuranceController {
  constructor(
    @Inject(InsuranceService) private readonly insurance: InsuranceService,
    @Inject(InsuranceMethodologyService) private readonly methods: InsuranceMethodologyService,
  ) {}

  @Get('claims-prediction')
  @KeyRoute('starter')
  @ApiOperation({ summary: 'Probability of a claim this policy year (claims-v1), with its inputs' })
  claimsPrediction(
    @Query() query: InsuranceImoQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.insurance.claimsPrediction(query.imo, caller);
  }

  @Get('comparable-pool')
  @KeyRoute('starter')
  @ApiOperation({
    summary: 'Vessels of the same type built within 5 years, and where the vessel ranks among them',
  })
  comparablePool(
    @Query() query: ComparablePoolQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.insurance.comparablePool(query.imo, query.limit, caller);
  }

  @Get('premium-adjustment')
  @KeyRoute('starter')
  @ApiOperation({ summary: 'Premium loading factor (clamped 0.75..2.50) and its contributions' })
  premiumAdjustment(
    @Query() query: InsuranceImoQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.insurance.premiumAdjustment(query.imo, caller);
  }

  @Get('methodology')
  @PublicRoute()
  @ApiOperation({ summary: 'The insurance models, their inputs and a validation on claim labels' })
  methodology(): Promise<unknown> {
    return this.methods.methodology();
  }
}
