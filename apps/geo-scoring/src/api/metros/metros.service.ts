import { Injectable } from '@nestjs/common';
import { MetrosResponse } from './dto/metros.response';
import { MetrosApiRepository } from './metros-api.repository';

@Injectable()
export class MetrosService {
  constructor(private readonly repository: MetrosApiRepository) {}

  async list(): Promise<MetrosResponse> {
    const rows = await this.repository.listWithCounts();
    return {
      metros: rows.map((row) => ({
        slug: row.slug,
        name: row.name,
        state: row.state,
        center_lat: row.center_lat,
        center_lng: row.center_lng,
        cell_count: row.cell_count,
        scored_count: row.scored_count,
        last_scored_at: row.last_scored_at?.toISOString() ?? null,
      })),
    };
  }
}
