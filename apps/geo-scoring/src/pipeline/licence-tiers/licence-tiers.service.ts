import { Inject, Injectable } from '@nestjs/common';
import { gridDisk } from 'h3-js';
import {
  addDays,
  assertIsoDate,
  naicsIndustryGroup,
  pioneerTierAmong,
  diskUnion,
} from '@platform/geo-domain';
import { LicenceTiersRepository, StoredLicence, TierChange } from './licence-tiers.repository';

/**
 * How far back "received out-of-order licences" looks: licences loaded (or reloaded: an upsert
 * resets source_loaded_at) since UTC midnight this many days before the run. The job is daily,
 * so two days cover yesterday's loads plus one missed or failed run. Any recently loaded
 * licence counts, not only those older than their neighbours: checking every one is as cheap
 * as finding the late ones, and a reload that changed close_date or NAICS moves neighbours too.
 */
export const RECENT_LOAD_DAYS = 2;

/** Target cells per batch, bounding what one batch holds in memory. */
const CELL_BATCH = 500;

export interface LicenceTiersResult {
  /** Licences turned Dormant because their close_date passed. */
  dormant: number;
  /** Other licences whose tier changed on recomputation. */
  recomputed: number;
}

/**
 * The daily licence-tiers job (see docs/geo-scoring/analytics.md#pioneer-tier). Ingest computes a
 * licence's tier on insert from the licences already stored, so (1) nothing turns Dormant when a
 * close_date later passes, and (2) a licence loaded late with an earlier occurred_at is a prior of
 * later licences nearby whose tiers were computed without it. Both are fixed here with the same
 * pure rules as ingest (pioneerTier, countsAsPrior).
 */
@Injectable()
export class LicenceTiersService {
  constructor(
    @Inject(LicenceTiersRepository) private readonly repository: LicenceTiersRepository,
  ) {}

  /** `today`: the UTC date (YYYY-MM-DD) the job runs on. */
  async run(today: string): Promise<LicenceTiersResult> {
    assertIsoDate('today', today);
    const dormant = await this.repository.markDormant(today);
    // A late licence changes the priors of licences in its gridDisk(cell, 1); each of those
    // needs in turn the licences of its own disk, up to two rings from the late one.
    const targets = diskUnion(
      await this.repository.cellsLoadedSince(addDays(today, -RECENT_LOAD_DAYS)),
    );
    let recomputed = 0;
    for (let i = 0; i < targets.length; i += CELL_BATCH) {
      const batch = targets.slice(i, i + CELL_BATCH);
      const stored = await this.repository.licencesIn(diskUnion(batch));
      recomputed += await this.repository.setTiers(tierChanges(stored, new Set(batch), today));
    }
    return { dormant, recomputed };
  }
}

/** New tiers of the licences of `targets` that differ from the stored ones. */
export function tierChanges(
  stored: readonly StoredLicence[],
  targets: ReadonlySet<string>,
  today: string,
): TierChange[] {
  const byCellGroup = new Map<string, StoredLicence[]>();
  for (const licence of stored) {
    const group = naicsIndustryGroup(licence.naicsCode);
    if (group === null) continue;
    const key = `${licence.h3Index}|${group}`;
    const list = byCellGroup.get(key) ?? [];
    list.push(licence);
    byCellGroup.set(key, list);
  }
  const changes: TierChange[] = [];
  for (const licence of stored) {
    if (!targets.has(licence.h3Index)) continue;
    const group = naicsIndustryGroup(licence.naicsCode);
    const tier = pioneerTierAmong(
      licence,
      gridDisk(licence.h3Index, 1),
      (cell) => byCellGroup.get(`${cell}|${group}`) ?? [],
      today,
      (other) => other.id === licence.id,
    );
    if (tier !== licence.pioneerTier) {
      changes.push({ id: licence.id, tier, version: licence.version });
    }
  }
  return changes;
}
