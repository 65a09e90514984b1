import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { AlertRulesService } from './alert-rules.service';
import { DryRunService } from './dry-run.service';
import { CreateRuleBody, DryRunBody, RuleIdQuery, UpdateRuleBody } from './dto/alert-rules.dto';

@ApiTags('alerts')
@Controller('api/v1/alerts/rules')
export class AlertRulesController {
  constructor(
    @Inject(AlertRulesService) private readonly rules: AlertRulesService,
    @Inject(DryRunService) private readonly dryRuns: DryRunService,
  ) {}

  @Get()
  @KeyRoute('free')
  @ApiOperation({ summary: "The key owner's alert rules (deleted ones are not listed)" })
  list(@CurrentCaller() caller: Caller): Promise<unknown> {
    return this.rules.list(caller);
  }

  @Post()
  @KeyRoute('free')
  @ApiOperation({ summary: 'Creates a rule at version 1' })
  create(@Body() body: CreateRuleBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.rules.create(body, caller);
  }

  @Patch()
  @KeyRoute('free')
  @ApiOperation({ summary: 'Changes a rule; any change makes a new version with its notes' })
  update(@Body() body: UpdateRuleBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.rules.update(body, caller);
  }

  @Delete()
  @KeyRoute('free')
  @ApiOperation({ summary: 'Deletes a rule; its versions stay readable' })
  remove(@Query() query: RuleIdQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.rules.remove(query.id, caller);
  }

  @Post('dry-run')
  @HttpCode(200)
  @KeyRoute('free')
  @ApiOperation({
    summary: 'Evaluates an expression on the newest alerts, with per-node match counts',
  })
  dryRun(@Body() body: DryRunBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.dryRuns.dryRun(body, caller);
  }

  @Get(':id/versions')
  @KeyRoute('free')
  @ApiOperation({ summary: "A rule's versions with snapshots and notes, newest first" })
  versions(@Param() params: RuleIdQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.rules.versions(params.id, caller);
  }
}
