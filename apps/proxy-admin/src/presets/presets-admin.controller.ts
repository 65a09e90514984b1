import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '@platform/auth';
import { PresetInvalidateDto } from './dto/preset-body.dto';
import { PresetInvalidationResponse } from './dto/preset-response.dto';
import { PresetsService } from './presets.service';

/** Tooling: POST /admin/presets/invalidate (ADMIN_SECRET). */
@ApiTags('admin: presets')
@ApiBearerAuth('admin')
@UseGuards(AdminGuard)
@Controller('admin/presets')
export class PresetsAdminController {
  constructor(private readonly presets: PresetsService) {}

  @Post('invalidate')
  @HttpCode(200)
  @ApiOperation({ summary: "Make every replica drop one team's preset cache" })
  @ApiOkResponse({ type: PresetInvalidationResponse })
  invalidate(@Body() body: PresetInvalidateDto): Promise<PresetInvalidationResponse> {
    return this.presets.invalidateTeam(body.team_id);
  }
}
