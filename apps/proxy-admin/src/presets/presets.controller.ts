import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession, DashboardSession, SessionGuard } from '@platform/auth';
import { CreatePresetDto, PresetSnapshotDto } from './dto/preset-body.dto';
import {
  PresetListResponse,
  PresetResponse,
  PresetSnapshotResponse,
  PresetVersionListResponse,
  PresetWriteResponse,
} from './dto/preset-response.dto';
import { PresetCaller, PresetsService } from './presets.service';

const caller = (session: DashboardSession): PresetCaller => ({
  teamId: session.team_id,
  email: session.email,
});

/** Dashboard routes of the signed-in member's team (the session's team_id claim). */
@ApiTags('dashboard: presets')
@UseGuards(SessionGuard)
@Controller('api/presets')
export class PresetsController {
  constructor(private readonly presets: PresetsService) {}

  @Get()
  @ApiOkResponse({ type: PresetListResponse })
  list(@CurrentSession() session: DashboardSession): Promise<PresetListResponse> {
    return this.presets.list(caller(session));
  }

  @Post()
  @ApiOperation({ summary: "Create a draft preset at version 1 (or the slug's next number)" })
  @ApiOkResponse({ type: PresetWriteResponse })
  create(
    @CurrentSession() session: DashboardSession,
    @Body() body: CreatePresetDto,
  ): Promise<PresetWriteResponse> {
    return this.presets.create(caller(session), body);
  }

  @Get(':slug')
  @ApiOkResponse({ type: PresetResponse })
  get(
    @CurrentSession() session: DashboardSession,
    @Param('slug') slug: string,
  ): Promise<PresetResponse> {
    return this.presets.get(caller(session), slug);
  }

  @Put(':slug')
  @ApiOperation({ summary: 'Replace the whole snapshot: appends version n+1' })
  @ApiOkResponse({ type: PresetWriteResponse })
  update(
    @CurrentSession() session: DashboardSession,
    @Param('slug') slug: string,
    @Body() body: PresetSnapshotDto,
  ): Promise<PresetWriteResponse> {
    return this.presets.update(caller(session), slug, body);
  }

  @Delete(':slug')
  @ApiOperation({ summary: 'Soft-delete; the history stays, the slug can be re-created' })
  @ApiOkResponse({ type: PresetWriteResponse })
  delete(
    @CurrentSession() session: DashboardSession,
    @Param('slug') slug: string,
  ): Promise<PresetWriteResponse> {
    return this.presets.delete(caller(session), slug);
  }

  @Post(':slug/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Serve the latest version (and every later update) to the client API' })
  @ApiOkResponse({ type: PresetWriteResponse })
  publish(
    @CurrentSession() session: DashboardSession,
    @Param('slug') slug: string,
  ): Promise<PresetWriteResponse> {
    return this.presets.publish(caller(session), slug);
  }

  @Post(':slug/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop serving the preset' })
  @ApiOkResponse({ type: PresetWriteResponse })
  disable(
    @CurrentSession() session: DashboardSession,
    @Param('slug') slug: string,
  ): Promise<PresetWriteResponse> {
    return this.presets.disable(caller(session), slug);
  }

  @Get(':slug/versions')
  @ApiOkResponse({ type: PresetVersionListResponse, description: 'Newest first' })
  versions(
    @CurrentSession() session: DashboardSession,
    @Param('slug') slug: string,
  ): Promise<PresetVersionListResponse> {
    return this.presets.versions(caller(session), slug);
  }

  @Get(':slug/versions/:version')
  @ApiOkResponse({ type: PresetSnapshotResponse })
  version(
    @CurrentSession() session: DashboardSession,
    @Param('slug') slug: string,
    @Param('version') version: string,
  ): Promise<PresetSnapshotResponse> {
    return this.presets.version(caller(session), slug, version);
  }
}
