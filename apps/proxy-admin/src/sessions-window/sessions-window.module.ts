import { Module } from '@nestjs/common';

/** GET /admin/sessions/window: sessions from the usage rows. */
@Module({})
export class SessionsWindowModule {}
