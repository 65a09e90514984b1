import { Inject, Injectable } from '@nestjs/common';
import { addUtcDays, Clock, utcDay } from '@platform/clock';
import { ApiError } from '@platform/http';
import { metricsFromSums } from '@platform/maritime-domain';
import {
  ACCURACY_WINDOW_DEFAULT,
  FORECAST_METHODS,
  type ForecastAccuracyQuery,
  type ForecastsQuery,
} from './dto/forecasts.query';
import { ForecastReadRow, ForecastsReadRepository, PortRef } from './forecasts.repository';

function forecastView(row: ForecastReadRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    port: row.port,
    port_name: row.port_name,
    method: row.method,
    metric: row.metric,
    issued_on: row.issued_on,
    target_date: row.target_date,
    horizon_days: row.horizon_days,
    predicted: Number(row.predicted),
    lower_80: Number(row.lower_80),
    upper_80: Number(row.upper_80),
    confidence: 0.8,
    model_version: row.model_version,
  };
}

@Injectable()
export class ForecastsService {
  constructor(
    @Inject(ForecastsReadRepository) private readonly repository: ForecastsReadRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The latest issue (not after today UTC), by target day then port. */
  async latest(query: ForecastsQuery): Promise<Record<string, unknown>> {
    const limit = query.limit ?? 50;
    const port = query.port === undefined ? null : await this.requirePort(query.port);
    const rows = await this.repository.latestIssue(
      port?.id ?? null,
      query.method ?? null,
      utcDay(this.clock.now()),
      limit,
    );
    return {
      forecasts: rows.map(forecastView),
      count: rows.length,
      issued_on: rows[0]?.issued_on ?? null,
      limit_applied: limit,
    };
  }

  /**
   * MAE, MAPE and directional accuracy per port and method, computed now over the forecasts
   * whose target day is in [today − window_days, yesterday]. Every requested (port, method)
   * answers, with n 0 and null metrics where nothing was scored.
   */
  async accuracy(query: ForecastAccuracyQuery): Promise<Record<string, unknown>> {
    const windowDays = query.window_days ?? ACCURACY_WINDOW_DEFAULT;
    const horizon = query.horizon ?? null;
    const ports =
      query.port === undefined
        ? await this.repository.ports(null)
        : [await this.requirePort(query.port)];
    const methods = query.method === undefined ? [...FORECAST_METHODS] : [query.method];
    const now = this.clock.now();
    const today = utcDay(now);
    const from = addUtcDays(today, -windowDays);
    const to = addUtcDays(today, -1);
    const sums = await this.repository.accuracySums({
      portId: query.port === undefined ? null : (ports[0] as PortRef).id,
      method: query.method ?? null,
      horizon,
      from,
      to,
    });
    const byKey = new Map(sums.map((s) => [`${s.port_id}|${s.method}`, s]));
    const computedAt = now.toISOString();
    const accuracy = ports.flatMap((port) =>
      methods.map((method) => {
        const s = byKey.get(`${port.id}|${method}`);
        const metrics = metricsFromSums({
          n: s?.n ?? 0,
          absErrorSum: Number(s?.abs_sum ?? 0),
          nMape: s?.n_mape ?? 0,
          apeSum: Number(s?.ape_sum ?? 0),
          directionMatches: s?.matches ?? 0,
        });
        return {
          port: port.slug,
          method,
          metric: 'arrivals',
          window_days: windowDays,
          horizon_days: horizon,
          ...metrics,
          computed_at: computedAt,
        };
      }),
    );
    return {
      accuracy,
      count: accuracy.length,
      window_days: windowDays,
      horizon_days: horizon,
      target_from: from,
      target_to: to,
    };
  }

  private async requirePort(slug: string): Promise<PortRef> {
    const [port] = await this.repository.ports(slug);
    if (port === undefined)
      throw ApiError.notFound('port_not_found', `No port with slug "${slug}"`);
    return port;
  }
}
