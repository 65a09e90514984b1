// Helpers for the destination specs: the training and reliability services of a running app.
import { FixedClock } from '@platform/clock';
import { DestinationTrainingService } from '../../src/pipeline/destinations/destination-training.service';
import { ReliabilityService } from '../../src/pipeline/destinations/reliability.service';
import type { MaritimeForFile } from './maritime-harness';

export interface PredictReply {
  predictions: { port: string; port_name: string; probability: number }[];
  model: {
    version: string;
    trained_at: string;
    cells_used: number;
    cells_total: number;
    fallback: boolean;
  };
}

export const nowOf = (maritime: MaritimeForFile): Date =>
  (maritime.harness.clock as FixedClock).now();

export function trainNow(
  maritime: MaritimeForFile,
): ReturnType<DestinationTrainingService['train']> {
  return maritime.harness.instances[0]!.app.get(DestinationTrainingService).train(nowOf(maritime));
}

export function recomputeReliabilityNow(maritime: MaritimeForFile): Promise<{ vessels: number }> {
  return maritime.harness.instances[0]!.app.get(ReliabilityService).recompute(nowOf(maritime));
}

/** A body of about `bytes` bytes: a valid request padded with whitespace. */
export function paddedBody(body: Record<string, unknown>, bytes: number): string {
  const json = JSON.stringify(body);
  return json.slice(0, -1) + ' '.repeat(Math.max(0, bytes - json.length)) + '}';
}
