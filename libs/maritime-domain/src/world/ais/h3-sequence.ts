/**
 * A voyage's track as res-8 H3 cells: its position every 6 hours plus the first and last fix,
 * consecutive duplicates removed, evenly thinned to at most 256 cells.
 */
import { latLngToCell } from 'h3-js';
import { positionAt } from '../schedule/motion';
import { HOUR_MS } from '../time';
import type { Voyage } from '../types';

export const H3_SEQUENCE_MAX = 256;
const SAMPLE_MS = 6 * HOUR_MS;

/** Evenly keeps at most `max` items, always the first and the last. */
export function thinEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from(
    { length: max },
    (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))] as T,
  );
}

export function voyageH3Sequence(voyage: Voyage, asOfMs: number): string[] {
  const end = Math.min(voyage.arriveMs, asOfMs - 1);
  const cells: string[] = [];
  const add = (t: number): void => {
    const p = positionAt(voyage, t);
    const cell = latLngToCell(p.lat, p.lon, 8);
    if (cells.at(-1) !== cell) cells.push(cell);
  };
  for (let t = voyage.departMs; t < end; t += SAMPLE_MS) add(t);
  add(end);
  // Thinning can bring two equal cells together again; keep them apart.
  return thinEvenly(cells, H3_SEQUENCE_MAX).filter(
    (cell, i, all) => i === 0 || all[i - 1] !== cell,
  );
}
