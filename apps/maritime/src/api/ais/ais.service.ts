import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { VesselsRepository } from '../vessels/vessels.repository';
import { notFound } from '../vessels/vessels.service';
import { LatestLocationRepository } from './latest-location.repository';

const PROVIDERS = { combined: null, terrestrial: 'terrestrial', satellite: 'satellite' } as const;
const WINDOW_MS = 30 * 86_400_000;

@Injectable()
export class AisService {
  constructor(
    @Inject(LatestLocationRepository) private readonly latest: LatestLocationRepository,
    @Inject(VesselsRepository) private readonly vessels: VesselsRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async latestLocation(
    provider: string,
    imo: string,
    caller: Caller,
  ): Promise<Record<string, unknown>> {
    if (!Object.hasOwn(PROVIDERS, provider))
      throw ApiError.notFound(
        'provider_not_found',
        `Unknown provider "${provider}": combined, terrestrial or satellite`,
      );
    const source = PROVIDERS[provider as keyof typeof PROVIDERS];
    if (!(await this.vessels.exists(imo))) throw notFound(imo);
    const until = this.window.visibleUntil(caller);
    const fix = await this.latest.latest(imo, source, new Date(until.getTime() - WINDOW_MS), until);
    if (!fix)
      throw ApiError.notFound(
        'position_not_found',
        `No position of IMO ${imo} in the last 30 days`,
      );
    const now = this.window.now();
    return {
      location: {
        imo_number: fix.imo,
        mmsi: fix.mmsi,
        vessel_name: fix.vessel_name,
        timestamp: fix.ts.toISOString(),
        latitude: fix.lat,
        longitude: fix.lon,
        h3_index: fix.h3_r8,
        speed_knots: fix.sog_kn,
        course_deg: fix.cog_deg,
        heading_deg: fix.heading,
        nav_status: fix.nav_status,
        draft_m: fix.draft_m,
        source: fix.source,
        age_seconds: Math.max(0, Math.round((now.getTime() - fix.ts.getTime()) / 1000)),
      },
      provider,
      tier: caller.limits.tier,
    };
  }
}
