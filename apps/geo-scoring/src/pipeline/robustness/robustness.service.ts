// The robustness classifier job (see docs/geo-scoring/scoring-engine.md#robustness-classifier):
// every scored res-8 cell against its res-7 parent. It re-runs after a material engine change
// (needsClassification) or on `tools geo classify`. The seed and the CLI run it in-process
// (RobustnessModule).
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { classifyRobustness, engineFingerprint } from '@platform/geo-domain';
import { ClassifiedCell, RobustnessRepository } from './robustness.repository';

export interface ClassifyResult {
  robustnessRunId: string;
  classified: number;
  unclassified: number;
}

@Injectable()
export class RobustnessService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RobustnessRepository) private readonly repository: RobustnessRepository,
  ) {}

  /**
   * True when the latest succeeded score run's engine fingerprint differs from the latest
   * classifier run's, or no classifier run exists yet; false before any score run.
   */
  async needsClassification(): Promise<boolean> {
    const latest = await this.repository.latestFingerprints();
    return (
      latest.scoreFingerprint !== null && latest.scoreFingerprint !== latest.robustnessFingerprint
    );
  }

  /**
   * One transaction: the run row, every cell's class (null = unclassified: first scored after
   * the previous classifier run started, parent unscored, or no comparable group) and the
   * counts. The run carries the latest score run's fingerprint.
   */
  async classify(): Promise<ClassifyResult> {
    return this.dataSource.transaction(async (manager) => {
      const repository = this.repository.withTransaction(manager);
      await repository.lock();
      const latest = await repository.latestFingerprints();
      const previousStartedAt = await repository.previousRunStartedAt();
      const runId = await repository.startRun(
        latest.scoreFingerprint ?? engineFingerprint(),
        latest.scoreRunId,
      );
      const cells = await repository.loadCells(previousStartedAt);
      const classified: ClassifiedCell[] = cells.map((cell) => {
        const result = cell.newSincePreviousRun
          ? { robustnessClass: null, supportStability: null }
          : classifyRobustness(cell, cell.parent);
        return {
          h3Index: cell.h3Index,
          robustnessClass: result.robustnessClass,
          supportStability: result.supportStability,
        };
      });
      const counts = {
        classified: classified.filter((c) => c.robustnessClass !== null).length,
        unclassified: classified.filter((c) => c.robustnessClass === null).length,
      };
      await repository.writeClasses(runId, classified);
      await repository.finishRun(runId, counts);
      return { robustnessRunId: runId, ...counts };
    });
  }
}
