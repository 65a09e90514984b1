import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard, AdminSecretOnly } from '@platform/auth';
import type { Response } from 'express';
import { SessionWindowResponse } from './dto/session-window.response';
import { WindowQuery } from './dto/window.query';
import { SessionsWindowService } from './sessions-window.service';

@ApiTags('admin: usage')
@ApiBearerAuth('admin')
@UseGuards(AdminGuard)
@AdminSecretOnly()
@Controller('admin/sessions')
export class SessionsWindowController {
  constructor(private readonly sessions: SessionsWindowService) {}

  @Get('window')
  @ApiOperation({
    summary:
      'Sessions whose last request is in [from, to), newest first (ADMIN_SECRET only; at most 7 days)',
  })
  @ApiOkResponse({ type: SessionWindowResponse })
  async window(@Query() query: WindowQuery, @Res() res: Response): Promise<void> {
    // The body is already JSON text (rendered by PostgreSQL); it is sent as it is.
    res.type('application/json').send(await this.sessions.window(query));
  }
}
