import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { PI_COVERAGE_LIMIT_DEFAULT, PiCoverageQuery } from './dto/pi.query';
import { ClubRow, CoverageRow, PiRepository } from './pi.repository';

function clubView(row: ClubRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    ig_member: row.ig_member,
    type: row.type,
    risk_tier: row.risk_tier,
    aliases: row.aliases,
    vessels_entered: row.vessels_entered,
    gt_entered: Number(row.gt_entered),
  };
}

function coverageView(row: CoverageRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    club_slug: row.club_slug,
    club_name: row.club_name,
    ig_member: row.ig_member,
    cover_type: row.cover_type,
    policy_year: row.policy_year,
    inception: row.inception,
    expiry: row.expiry,
    cancelled_on: row.cancelled_on,
    gt_entered: row.gt_entered,
    status: row.status,
    source: row.source,
    batch_id: row.batch_id === null ? null : Number(row.batch_id),
    updated_at: row.updated_at.toISOString(),
  };
}

@Injectable()
export class PiService {
  constructor(
    @Inject(PiRepository) private readonly pi: PiRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  private today(): string {
    return this.window.now().toISOString().slice(0, 10);
  }

  async clubs(caller: Caller): Promise<Record<string, unknown>> {
    const rows = await this.pi.clubs(this.today());
    return {
      clubs: rows.map(clubView),
      count: rows.length,
      as_of: this.today(),
      tier: caller.limits.tier,
    };
  }

  async coverage(query: PiCoverageQuery, caller: Caller): Promise<Record<string, unknown>> {
    const imo = query.vessel ?? null;
    if (imo !== null && !(await this.pi.vesselExists(imo)))
      throw ApiError.notFound('vessel_not_found', `No vessel with IMO ${imo}`);
    const limit = query.limit ?? PI_COVERAGE_LIMIT_DEFAULT;
    const rows = await this.pi.coverage(this.today(), imo, limit);
    return {
      coverage: rows.map(coverageView),
      count: rows.length,
      limit_applied: limit,
      as_of: this.today(),
      tier: caller.limits.tier,
    };
  }
}
