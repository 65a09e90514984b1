/** Daily bunker prices per fuel: mean-reverting log random walks sharing a common oil factor. */
import { Rng } from '../prng';
import type { Row } from '../tables';
import { DAY_MS, isoDay } from '../time';
import type { FuelType } from '../types';

const MEAN_USD_PER_T: Readonly<Record<FuelType, number>> = {
  HFO: 480,
  VLSFO: 620,
  MGO: 820,
  LNG: 680,
};
const FUELS: readonly FuelType[] = ['HFO', 'VLSFO', 'MGO', 'LNG'];

export function bunkerRows(seed: number, fromMs: number, toMs: number): Row[] {
  const rng = Rng.stream(seed, 'bunker');
  const logs = FUELS.map((f) => Math.log(MEAN_USD_PER_T[f]));
  let common = 0;
  const rows: Row[] = [];
  for (let t = fromMs; t < toMs; t += DAY_MS) {
    common = 0.995 * common + 0.012 * rng.normal();
    FUELS.forEach((fuel, i) => {
      const own = 0.006 * rng.normal();
      const mean = Math.log(MEAN_USD_PER_T[fuel]);
      logs[i] = (logs[i] as number) + 0.02 * (mean - (logs[i] as number)) + own;
      rows.push([isoDay(t), fuel, Math.round(Math.exp((logs[i] as number) + common) * 100) / 100]);
    });
  }
  return rows;
}
