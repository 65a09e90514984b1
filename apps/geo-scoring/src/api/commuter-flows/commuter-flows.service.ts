import { Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { flowShares, FlowShares, tractDisplayName } from '@platform/geo-domain';
import { CommuterFlowsRepository } from './commuter-flows.repository';
import { CommuterFlowsQuery } from './dto/commuter-flows.query';
import { CommuterFlowsResponse } from './dto/commuter-flows.response';

@Injectable()
export class CommuterFlowsService {
  constructor(private readonly repository: CommuterFlowsRepository) {}

  async flows(query: CommuterFlowsQuery): Promise<CommuterFlowsResponse> {
    const { tract, limit } = query;
    const direction = query.direction ?? 'both';
    const year = await this.repository.latestYear();
    if (!(await this.repository.tractKnown(tract, year))) {
      throw new ApiError(404, 'tract_not_found', `No Census tract with GEOID ${tract}`);
    }
    const side = async (which: 'inbound' | 'outbound'): Promise<FlowShares> =>
      year === null
        ? { total: 0, flows: [] }
        : flowShares(await this.repository.flows(year, tract, which), limit);
    const inbound = direction === 'outbound' ? undefined : await side('inbound');
    const outbound = direction === 'inbound' ? undefined : await side('outbound');
    const names = await this.repository.tractNames([
      ...(inbound?.flows ?? []).map((flow) => flow.tract),
      ...(outbound?.flows ?? []).map((flow) => flow.tract),
    ]);
    const nameOf = (geoid: string): string | null => tractDisplayName(names.get(geoid));

    const response: CommuterFlowsResponse = { tract, year };
    if (inbound !== undefined) {
      response.inbound = {
        total_workers: inbound.total,
        flows: inbound.flows.map((flow) => ({
          origin_tract: flow.tract,
          workers: flow.workers,
          pct: flow.pct,
          origin_name: nameOf(flow.tract),
        })),
      };
    }
    if (outbound !== undefined) {
      response.outbound = {
        total_residents_working: outbound.total,
        flows: outbound.flows.map((flow) => ({
          dest_tract: flow.tract,
          workers: flow.workers,
          pct: flow.pct,
          dest_name: nameOf(flow.tract),
        })),
      };
    }
    return response;
  }
}
