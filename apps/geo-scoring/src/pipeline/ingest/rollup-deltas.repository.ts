// Applies rollup deltas (rollup-delta.ts) inside the ingest transaction
// (see docs/geo-scoring/ingestion.md#transactions-and-counts). Existing rows move by the signed
// delta (floored at 0); missing rows are created from the positive part only. A negative result can
// only come from rollups already out of step with the raw rows, which rollup-reconcile repairs.
import { Injectable } from '@nestjs/common';
import {
  ActivityContribution,
  activityDeltas,
  CrimeContribution,
  crimeDeltas,
} from '@platform/geo-domain';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

interface RollupTable {
  table: string;
  keys: readonly (readonly [string, string])[];
  values: readonly (readonly [string, string])[];
}

const ACTIVITY_R8: RollupTable = {
  table: 'activity_daily_r8',
  keys: [
    ['metro_slug', 'text'],
    ['day', 'date'],
    ['h3_index', 'text'],
  ],
  values: [
    ['visits', 'int'],
    ['transactions', 'int'],
    ['checkins', 'int'],
    ['reviews', 'int'],
  ],
};
const ACTIVITY_R5: RollupTable = {
  table: 'activity_daily_r5',
  keys: [
    ['day', 'date'],
    ['h3_r5', 'text'],
  ],
  values: [['event_count', 'int']],
};
const CRIME_R8: RollupTable = {
  table: 'crime_daily_r8',
  keys: [
    ['metro_slug', 'text'],
    ['day', 'date'],
    ['h3_index', 'text'],
    ['category', 'text'],
  ],
  values: [
    ['incident_count', 'int'],
    ['magnitude_sum', 'float8'],
  ],
};
const CRIME_R5: RollupTable = {
  table: 'crime_daily_r5',
  keys: [
    ['day', 'date'],
    ['h3_r5', 'text'],
  ],
  values: [
    ['incident_count', 'int'],
    ['magnitude_sum', 'float8'],
  ],
};

/** One statement: UPDATE the existing rows by the delta, INSERT the rest (positive part). */
function deltaSql({ table, keys, values }: RollupTable): string {
  const all = [...keys, ...values];
  const unnest = all.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const names = all.map(([name]) => name).join(', ');
  const keyNames = keys.map(([name]) => name).join(', ');
  const joinOn = (alias: string): string =>
    keys.map(([name]) => `${alias}.${name} = d.${name}`).join(' AND ');
  return `WITH d AS (SELECT * FROM unnest(${unnest}) AS u (${names}) ORDER BY ${keyNames}),
    updated AS (
      UPDATE ${table} r SET ${values.map(([n]) => `${n} = greatest(0, r.${n} + d.${n})`).join(', ')}
      FROM d WHERE ${joinOn('r')}
      RETURNING ${keys.map(([n]) => `r.${n}`).join(', ')})
    INSERT INTO ${table} AS r (${names})
    SELECT ${keys.map(([n]) => `d.${n}`).join(', ')},
      ${values.map(([n]) => `greatest(0, d.${n})`).join(', ')}
    FROM d
    WHERE NOT EXISTS (SELECT 1 FROM updated x WHERE ${joinOn('x')})
      AND greatest(${values.map(([n]) => `d.${n}`).join(', ')}) > 0
    ON CONFLICT (${keyNames}) DO UPDATE SET
      ${values.map(([n]) => `${n} = r.${n} + EXCLUDED.${n}`).join(', ')}`;
}

@Injectable()
export class RollupDeltasRepository extends TransactionalRepository {
  async applyActivity(
    removed: readonly ActivityContribution[],
    added: readonly ActivityContribution[],
  ): Promise<void> {
    const { r8, r5 } = activityDeltas(removed, added);
    await this.apply(ACTIVITY_R8, [
      r8.map((d) => d.metroSlug),
      r8.map((d) => d.day),
      r8.map((d) => d.h3Index),
      ...[0, 1, 2, 3].map((i) => r8.map((d) => d.counts[i])),
    ]);
    await this.apply(ACTIVITY_R5, [
      r5.map((d) => d.day),
      r5.map((d) => d.h3R5),
      r5.map((d) => d.count),
    ]);
  }

  async applyCrime(
    removed: readonly CrimeContribution[],
    added: readonly CrimeContribution[],
  ): Promise<void> {
    const { r8, r5 } = crimeDeltas(removed, added);
    await this.apply(CRIME_R8, [
      r8.map((d) => d.metroSlug),
      r8.map((d) => d.day),
      r8.map((d) => d.h3Index),
      r8.map((d) => d.category),
      r8.map((d) => d.count),
      r8.map((d) => d.magnitude),
    ]);
    await this.apply(CRIME_R5, [
      r5.map((d) => d.day),
      r5.map((d) => d.h3R5),
      r5.map((d) => d.count),
      r5.map((d) => d.magnitude),
    ]);
  }

  private async apply(table: RollupTable, arrays: unknown[][]): Promise<void> {
    if ((arrays[0]?.length ?? 0) === 0) return;
    await this.db.query(deltaSql(table), arrays);
  }
}
