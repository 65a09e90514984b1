import { Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { round2 } from '@platform/geo-domain';
import { PortsQueryDto } from './dto/ports-query.dto';
import { PortsResponse } from './dto/ports.response';
import { PortsRepository } from './ports.repository';

/** (latest − a year before) / a year before × 100, 2 decimals; null when missing or 0. */
export function yoyChangePct(
  latest: number | undefined,
  yearBefore: number | undefined,
): number | null {
  if (latest === undefined || yearBefore === undefined || yearBefore === 0) return null;
  return round2(((latest - yearBefore) / yearBefore) * 100);
}

/** GET /api/ports (see docs/geo-scoring/analytics.md#ports). */
@Injectable()
export class PortsService {
  constructor(private readonly repository: PortsRepository) {}

  async volumes(query: PortsQueryDto): Promise<PortsResponse> {
    const port = await this.repository.find(query.port_slug);
    if (port === undefined) {
      throw new ApiError(404, 'port_not_found', `No port with slug "${query.port_slug}"`);
    }
    const [monthly, yearBefore] = await Promise.all([
      this.repository.monthly(port.slug, query.months),
      this.repository.teuYearBeforeLatest(port.slug),
    ]);
    const latest = monthly.at(-1)?.teu;
    return {
      port_slug: port.slug,
      port_name: port.name,
      latest_teu: latest ?? null,
      yoy_change_pct: yoyChangePct(latest, yearBefore),
      monthly,
    };
  }
}
