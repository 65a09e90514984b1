import { Module } from '@nestjs/common';
import { CellScoresRepository } from './cell-scores.repository';
import { CellsController } from './cells.controller';
import { CellsService } from './cells.service';

/** GET /api/cells/{h3Index}; exports CellScoresRepository for the similar-cells route. */
@Module({
  controllers: [CellsController],
  providers: [CellScoresRepository, CellsService],
  exports: [CellScoresRepository],
})
export class CellsModule {}
