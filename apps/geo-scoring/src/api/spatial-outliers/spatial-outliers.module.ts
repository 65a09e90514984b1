import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../../platform/api-keys/api-keys.module';
import { SpatialOutliersController } from './spatial-outliers.controller';
import { SpatialOutliersRepository } from './spatial-outliers.repository';
import { SpatialOutliersService } from './spatial-outliers.service';

/**
 * GET /api/v1/spatial-diagnostics (see docs/geo-scoring/spatial-diagnostics.md#route); API-key
 * authenticated.
 */
@Module({
  imports: [ApiKeysModule],
  controllers: [SpatialOutliersController],
  providers: [SpatialOutliersRepository, SpatialOutliersService],
})
export class SpatialOutliersModule {}
