import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import type { FreightRateBody, FreightRatesQuery } from './dto/freight-rates.dto';
import { FreightRateRow, FreightRatesRepository } from './freight-rates.repository';

/** Older assessments are refused (PostgreSQL has no year 0, and none are this old). */
const EARLIEST_DAY = '1900-01-01';

/** A rate as the API shows it: never who submitted it. */
function freightRateView(row: FreightRateRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    vessel_type: row.vessel_type,
    route_code: row.route_code,
    origin_port: row.origin_port,
    destination_port: row.destination_port,
    rate_value: row.rate_value,
    rate_unit: row.rate_unit,
    assessed_on: row.assessed_on,
    source: row.source,
    created_at: row.created_at.toISOString(),
  };
}

@Injectable()
export class FreightRatesService {
  constructor(
    @Inject(FreightRatesRepository) private readonly rates: FreightRatesRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async list(query: FreightRatesQuery, caller: Caller): Promise<Record<string, unknown>> {
    const limit = query.limit ?? 50;
    const rows = await this.rates.list({
      vesselType: query.vessel_type,
      routeCode: query.route_code,
      limit,
    });
    return {
      freight_rates: rows.map(freightRateView),
      count: rows.length,
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  /** Records a rate submitted under the caller's owner; the `index` source is never accepted. */
  async submit(body: FreightRateBody, caller: Caller): Promise<Record<string, unknown>> {
    const today = this.window.now().toISOString().slice(0, 10);
    if (body.assessed_on > today || body.assessed_on < EARLIEST_DAY)
      throw ApiError.badRequest('invalid_request', 'assessed_on is out of range', [
        {
          field: 'assessed_on',
          message: `assessed_on must lie from ${EARLIEST_DAY} to ${today} (UTC, today included)`,
        },
      ]);
    const slugs = [body.origin_port, body.destination_port].filter(
      (s): s is string => s !== undefined,
    );
    const ids = slugs.length > 0 ? await this.rates.portIds(slugs) : new Map<string, string>();
    for (const slug of slugs)
      if (!ids.has(slug)) throw ApiError.notFound('port_not_found', `No port with slug "${slug}"`);
    const row = await this.rates.insert({
      vessel_type: body.vessel_type,
      route_code: body.route_code,
      origin_port_id: body.origin_port === undefined ? null : (ids.get(body.origin_port) ?? null),
      dest_port_id:
        body.destination_port === undefined ? null : (ids.get(body.destination_port) ?? null),
      rate_value: body.rate_value,
      rate_unit: body.rate_unit,
      assessed_on: body.assessed_on,
      source: body.source ?? 'user',
      submitted_by: (caller.key as NonNullable<Caller['key']>).ownerId,
    });
    if (row === undefined)
      throw new ApiError(
        409,
        'freight_rate_exists',
        `A ${body.source ?? 'user'} rate for ${body.vessel_type} on ${body.route_code} assessed on ${body.assessed_on} already exists`,
      );
    return { freight_rate: freightRateView(row) };
  }
}
