import { Module } from '@nestjs/common';
import { SessionsWindowController } from './sessions-window.controller';
import { SessionsWindowRepository } from './sessions-window.repository';
import { SessionsWindowService } from './sessions-window.service';

/** GET /admin/sessions/window: sessions from session_metrics, kept by the usage batches. */
@Module({
  controllers: [SessionsWindowController],
  providers: [SessionsWindowRepository, SessionsWindowService],
})
export class SessionsWindowModule {}
