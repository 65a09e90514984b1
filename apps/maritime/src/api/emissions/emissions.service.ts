import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { FEATURE_MINIMUM_PLANS, roundMetric } from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { parseInstant } from '../../platform/validation/maritime-validators';
import type { EmissionsQuery, EmissionsReportQuery } from './dto/emissions.query';
import { EMISSIONS_METHODOLOGY, EmissionsReportRow, reportRows } from './emissions-report';
import {
  EmissionsFilter,
  EmissionsRepository,
  EmissionsSums,
  VoyageEmissionsRow,
} from './emissions.repository';

const DEFAULT_DAYS = 90;
const DAY_MS = 86_400_000;
const EARLIEST = new Date(Date.UTC(1900, 0, 1));

const ratio = (grams: number, denominator: number): number | null =>
  denominator > 0 ? roundMetric(grams / denominator, 4) : null;

function voyageView(row: VoyageEmissionsRow): Record<string, unknown> {
  return {
    voyage_id: Number(row.voyage_id),
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    vessel_type: row.vessel_type,
    origin_port: row.origin_port,
    destination_port: row.destination_port,
    departed_at: row.departed_at.toISOString(),
    arrived_at: row.arrived_at.toISOString(),
    distance_nm: roundMetric(row.distance_nm, 1),
    hours_at_sea: roundMetric(row.hours_at_sea, 2),
    fuel_type: row.fuel_type,
    fuel_t: row.fuel_t,
    co2_t: row.co2_t,
    cargo_t: row.cargo_t,
    transport_work_tnm: row.transport_work_tnm,
    eeoi_g_per_tnm: row.eeoi_g_per_tnm,
    aer_g_per_dwt_nm: row.aer_g_per_dwt_nm,
  };
}

/** A group's sums; its EEOI counts all its CO2 (ballast legs too) over its transport work. */
function sumsView(row: EmissionsSums, group: 'vessel' | 'fleet'): Record<string, unknown> {
  const grams = row.co2_t * 1e6;
  const head =
    group === 'vessel'
      ? { imo_number: row.key, vessel_name: row.vessel_name, vessel_type: row.vessel_type }
      : { vessel_type: row.vessel_type, vessels: row.vessels };
  return {
    ...head,
    voyages: row.voyages,
    distance_nm: roundMetric(row.distance_nm, 1),
    hours_at_sea: roundMetric(row.hours_at_sea, 2),
    fuel_t: roundMetric(row.fuel_t, 3),
    co2_t: roundMetric(row.co2_t, 3),
    transport_work_tnm: roundMetric(row.transport_work_tnm, 1),
    eeoi_g_per_tnm: ratio(grams, row.transport_work_tnm),
    aer_g_per_dwt_nm: ratio(grams, row.dwt_nm),
  };
}

@Injectable()
export class EmissionsService {
  constructor(
    @Inject(EmissionsRepository) private readonly repository: EmissionsRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async list(query: EmissionsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const limit = query.limit ?? 50;
    const group = query.group_by ?? 'voyage';
    const now = this.window.now();
    const to = query.to === undefined ? now : (parseInstant(query.to) as Date);
    // A bound before 1900 selects nothing more than 1900 does (and PostgreSQL has no year 0).
    const clampEarliest = (at: Date): Date => (at < EARLIEST ? EARLIEST : at);
    let from: Date;
    if (query.from !== undefined) {
      from = parseInstant(query.from) as Date;
      this.window.assertWithinHistory(caller, from, 'from');
      from = clampEarliest(from);
    } else {
      const fallback = new Date(now.getTime() - DEFAULT_DAYS * DAY_MS);
      from = this.window.boundToHistory(caller, fallback) ?? fallback;
    }
    if (from.getTime() > to.getTime())
      throw ApiError.badRequest('invalid_request', 'from must not be after to', [
        { field: 'from', message: 'from must not be after to' },
      ]);
    await this.requireVessel(query.imo);
    const filter: EmissionsFilter = {
      imo: query.imo,
      vesselType: query.vessel_type,
      from,
      to: clampEarliest(to),
    };
    const [emissions, totals] = await Promise.all([
      group === 'voyage'
        ? this.repository.voyages(filter, limit).then((rows) => rows.map(voyageView))
        : this.repository
            .grouped(filter, group, limit)
            .then((rows) => rows.map((row) => sumsView(row, group))),
      this.repository.totals(filter),
    ]);
    return {
      emissions,
      count: emissions.length,
      group_by: group,
      from: from.toISOString(),
      to: to.toISOString(),
      limit_applied: limit,
      totals: {
        voyages: totals.voyages,
        distance_nm: roundMetric(totals.distance_nm, 1),
        fuel_t: roundMetric(totals.fuel_t, 3),
        co2_t: roundMetric(totals.co2_t, 3),
      },
      tier: caller.limits.tier,
    };
  }

  /**
   * The annual disclosure report: every vessel's year, rated for CII against the whole fleet,
   * filtered and then cut to the plan's export rows (`truncated` says so).
   */
  async report(
    query: EmissionsReportQuery,
    caller: Caller,
  ): Promise<{ year: number; rows: EmissionsReportRow[]; body: Record<string, unknown> }> {
    const cap = caller.limits.export_rows;
    if (cap <= 0)
      throw new ApiError(403, 'plan_upgrade_required', 'Exports need the starter plan or above', {
        extra: { required_plan: FEATURE_MINIMUM_PLANS.export },
      });
    const now = this.window.now();
    const year = query.year ?? now.getUTCFullYear() - 1;
    if (year > now.getUTCFullYear())
      throw ApiError.badRequest('invalid_request', 'year must not be in the future', [
        { field: 'year', message: `year must be at most ${now.getUTCFullYear()}` },
      ]);
    await this.requireVessel(query.imo);
    const fleet = await this.repository.vesselYears(
      new Date(Date.UTC(year, 0, 1)),
      new Date(Date.UTC(year + 1, 0, 1)),
    );
    const all = reportRows(fleet, { imo: query.imo, vesselType: query.vessel_type });
    const rows = all.slice(0, cap);
    return {
      year,
      rows,
      body: {
        report: {
          year,
          generated_at: now.toISOString(),
          methodology: EMISSIONS_METHODOLOGY,
          rows,
          row_count: rows.length,
          total_rows: all.length,
          row_limit: cap,
          truncated: all.length > rows.length,
        },
        tier: caller.limits.tier,
      },
    };
  }

  private async requireVessel(imo: string | undefined): Promise<void> {
    if (imo !== undefined && !(await this.repository.vesselExists(imo)))
      throw ApiError.notFound('vessel_not_found', `No vessel with IMO ${imo}`);
  }
}
