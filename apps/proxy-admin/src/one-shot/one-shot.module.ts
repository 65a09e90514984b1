import { Module } from '@nestjs/common';

/** GET /api/usage/one-shot: the signed-in team's one-shot rate. */
@Module({})
export class OneShotModule {}
