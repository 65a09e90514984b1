import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { AccountService } from './account.service';
import { MeResponse, PlansResponse } from './dto/account.response';

@ApiTags('account')
@Controller('api/v1')
export class AccountController {
  constructor(@Inject(AccountService) private readonly account: AccountService) {}

  @Get('plans')
  @PublicRoute()
  @ApiOperation({ summary: 'The plans: rate, history depth, caps, exports and data delay' })
  @ApiOkResponse({ type: PlansResponse })
  plans(@CurrentCaller() caller: Caller): PlansResponse {
    return this.account.plans(caller);
  }

  @Get('me')
  @KeyRoute('free')
  @ApiOperation({ summary: 'The calling key: its plan, limits and usage' })
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentCaller() caller: Caller): Promise<MeResponse> {
    return this.account.me(caller);
  }
}
