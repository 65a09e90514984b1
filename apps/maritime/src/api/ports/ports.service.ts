import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import type { HistoryQuery } from '../vessels/dto/vessels.query';
import { VesselsService } from '../vessels/vessels.service';
import { PortRow, PortsRepository } from './ports.repository';

function portView(row: PortRow): Record<string, unknown> {
  return {
    slug: row.slug,
    name: row.name,
    unlocode: row.unlocode,
    country_code: row.country_code,
    country_name: row.country_name,
    latitude: row.lat,
    longitude: row.lon,
    h3_index: row.h3_r8,
    port_radius_km: row.port_radius_km,
    anchorage_radius_km: row.anchorage_radius_km,
    aliases: row.aliases,
  };
}

@Injectable()
export class PortsService {
  constructor(
    @Inject(PortsRepository) private readonly ports: PortsRepository,
    @Inject(VesselsService) private readonly vessels: VesselsService,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async list(country: string | undefined, caller: Caller): Promise<Record<string, unknown>> {
    const rows = await this.ports.list(country);
    return { ports: rows.map(portView), count: rows.length, tier: caller.limits.tier };
  }

  async get(slug: string, caller: Caller): Promise<Record<string, unknown>> {
    const row = await this.require(slug);
    const occupancy = await this.ports.occupancy(row.id, this.window.visibleUntil(caller));
    return {
      port: {
        ...portView(row),
        vessels_waiting: occupancy.waiting,
        vessels_at_berth: occupancy.at_berth,
      },
      tier: caller.limits.tier,
    };
  }

  async calls(slug: string, query: HistoryQuery, caller: Caller): Promise<Record<string, unknown>> {
    const row = await this.require(slug);
    const { calls, pagination } = await this.vessels.portCalls({ portId: row.id }, query, caller);
    return { port: row.slug, calls, count: calls.length, pagination, tier: caller.limits.tier };
  }

  private async require(slug: string): Promise<PortRow> {
    const row = await this.ports.find(slug);
    if (!row) throw ApiError.notFound('port_not_found', `No port with slug "${slug}"`);
    return row;
  }
}
