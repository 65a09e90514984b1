import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminGuard, AllowScopedAdminToken } from '@platform/auth';
import { CreateIdpConnectionDto } from './dto/create-idp-connection.dto';
import { IdpConnectionTeamQuery, ListIdpConnectionsQuery } from './dto/idp-connection-team.query';
import {
  IdpConnectionDeletedResponse,
  IdpConnectionListResponse,
  IdpConnectionResponse,
} from './dto/idp-connection.response';
import { UpdateIdpConnectionDto } from './dto/update-idp-connection.dto';
import { IdpConnectionsService } from './idp-connections.service';
import { SsoEnabledGuard } from './sso-enabled.guard';

@ApiTags('admin: identity providers')
@ApiBearerAuth('admin')
@UseGuards(AdminGuard)
@Controller('admin/idp-configs')
export class IdpConnectionsController {
  constructor(private readonly connections: IdpConnectionsService) {}

  @Post()
  @UseGuards(SsoEnabledGuard)
  @ApiOperation({
    summary: "Connect a team's login domain to its OIDC identity provider (discovery checked)",
  })
  @ApiCreatedResponse({ type: IdpConnectionResponse })
  create(@Body() body: CreateIdpConnectionDto): Promise<IdpConnectionResponse> {
    return this.connections.create(body);
  }

  @Get()
  @AllowScopedAdminToken()
  @ApiOperation({ summary: "List connections (scoped tokens: their team_id's only)" })
  @ApiOkResponse({ type: IdpConnectionListResponse })
  list(@Query() query: ListIdpConnectionsQuery): Promise<IdpConnectionListResponse> {
    return this.connections.list(query.team_id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change issuer (re-discovered), client_id, client_secret or enabled' })
  @ApiOkResponse({ type: IdpConnectionResponse })
  update(
    @Param('id') id: string,
    @Query() query: IdpConnectionTeamQuery,
    @Body() body: UpdateIdpConnectionDto,
  ): Promise<IdpConnectionResponse> {
    return this.connections.update(id, query.team_id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a connection; its pending device authorizations fail' })
  @ApiOkResponse({ type: IdpConnectionDeletedResponse })
  delete(
    @Param('id') id: string,
    @Query() query: IdpConnectionTeamQuery,
  ): Promise<IdpConnectionDeletedResponse> {
    return this.connections.delete(id, query.team_id);
  }
}
