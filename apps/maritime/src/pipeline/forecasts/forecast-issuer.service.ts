import { Inject, Injectable, Logger } from '@nestjs/common';
import { addUtcDays, utcDay } from '@platform/clock';
import {
  mlForecast,
  pipelineInterval,
  statisticalForecast,
  type ForecastValue,
} from '@platform/maritime-domain';
import { DestinationModelsRepository } from '../destinations/destination-models.repository';
import { DestinationPredictor } from '../destinations/destination-predictor';
import { ForecastInputsRepository, type ForecastPort } from './forecast-inputs.repository';
import { ForecastRow, ForecastsRepository, type ForecastMethod } from './forecasts.repository';
import { IncrementalDestinations } from './incremental-destinations';
import { pipelineArrivals, prepareVoyage } from './pipeline-arrivals';

export const FORECAST_HORIZONS = 14;
/** History an issue reads: 180 training days, plus 14 days of lags and slack. */
const HISTORY_DAYS = 200;
const DAY_MS = 86_400_000;

export const STATISTICAL_VERSION = 'statistical-v1';
export const ML_VERSION = 'ridge-v1';
export const PIPELINE_VERSION = 'pipeline-v1';

/** A port's daily arrivals from `start`, day by day, as the domain formulas read them. */
interface Series {
  start: string;
  weekday0: number;
  byPort: Map<string, number[]>;
}

const dayIndex = (start: string, day: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);

/**
 * Issues daily port-arrival forecasts: for each issue day, every port × 3 methods × horizons
 * 1..14, from data before that day only. An issue day run again replaces its own rows.
 * The backfill loads everything once and computes in memory.
 */
@Injectable()
export class ForecastIssuer {
  private readonly logger = new Logger(ForecastIssuer.name);

  constructor(
    @Inject(ForecastInputsRepository) private readonly inputs: ForecastInputsRepository,
    @Inject(ForecastsRepository) private readonly forecasts: ForecastsRepository,
    @Inject(DestinationPredictor) private readonly destinations: DestinationPredictor,
    @Inject(DestinationModelsRepository) private readonly models: DestinationModelsRepository,
  ) {}

  /** One issue, `issuedOn` (YYYY-MM-DD), from data before that day's 00:00 UTC. */
  async issue(issuedOn: string): Promise<{ rows: number }> {
    return this.issueDays([issuedOn]);
  }

  /** The `days` issues ending with the UTC day of `asOf`, each as it would have been issued then. */
  async backfill(asOf: Date, days: number): Promise<{ rows: number }> {
    const last = utcDay(asOf);
    const issueDays = Array.from({ length: Math.max(0, days) }, (_, i) =>
      addUtcDays(last, i - days + 1),
    );
    return this.issueDays(issueDays);
  }

  private async issueDays(issueDays: readonly string[]): Promise<{ rows: number }> {
    if (issueDays.length === 0) return { rows: 0 };
    const first = issueDays[0] as string;
    const last = issueDays[issueDays.length - 1] as string;
    const [ports, series, voyages, model] = await Promise.all([
      this.inputs.ports(),
      this.loadSeries(first, last),
      this.inputs.underwayBetween(new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`)),
      this.destinations.active(),
    ]);
    if (model === null)
      this.logger.warn('no active destination model: the pipeline method uses declared ports only');
    const scorer =
      model === null
        ? null
        : new IncrementalDestinations(
            await this.models.counts(model.version),
            await this.models.portGeometry(),
          );
    const prepared = voyages.flatMap((row) => prepareVoyage(row) ?? []);
    const pipelineVersion = `${PIPELINE_VERSION}+${model?.version ?? 'no-model'}`;
    const rows: ForecastRow[] = [];
    for (const issuedOn of issueDays) {
      const issueIndex = dayIndex(series.start, issuedOn);
      const lambda = pipelineArrivals(
        prepared,
        Date.parse(`${issuedOn}T00:00:00Z`),
        ports,
        scorer,
        FORECAST_HORIZONS,
      );
      const targets = Array.from({ length: FORECAST_HORIZONS }, (_, i) =>
        addUtcDays(issuedOn, i + 1),
      );
      for (const port of ports) {
        // A port without a call in the window reads as no history: every method predicts 0.
        const actuals = series.byPort.get(port.id) ?? [];
        const add = (method: ForecastMethod, version: string, values: ForecastValue[]): void =>
          values.forEach((value, i) =>
            rows.push(row(port, method, version, issuedOn, targets[i] as string, i + 1, value)),
          );
        add('statistical', STATISTICAL_VERSION, statisticalForecast(actuals, issueIndex));
        add('ml', ML_VERSION, mlForecast(actuals, issueIndex, series.weekday0));
        add(
          'pipeline',
          pipelineVersion,
          (lambda.get(port.id) ?? []).map((value) => pipelineInterval(value)),
        );
      }
    }
    // One issue keeps its rows' ids (upsert); a backfill replaces its days in bulk (COPY).
    const written =
      issueDays.length === 1
        ? await this.forecasts.upsert(rows)
        : await this.forecasts.replaceIssues(issueDays, rows);
    return { rows: written };
  }

  /**
   * Daily arrivals per port from the later of the first port call and HISTORY_DAYS before the
   * first issue, through the day before the last issue; days without calls are 0.
   */
  private async loadSeries(firstIssue: string, lastIssue: string): Promise<Series> {
    const firstData = await this.inputs.firstArrivalDay();
    const floor = addUtcDays(firstIssue, -HISTORY_DAYS);
    const start = firstData !== null && firstData > floor ? firstData : floor;
    const length = Math.max(0, dayIndex(start, lastIssue));
    const byPort = new Map<string, number[]>();
    for (const r of await this.inputs.dailyArrivals(start, lastIssue)) {
      let values = byPort.get(r.port_id);
      if (values === undefined) {
        values = new Array<number>(length).fill(0);
        byPort.set(r.port_id, values);
      }
      values[dayIndex(start, r.day)] = r.arrivals;
    }
    return { start, weekday0: new Date(`${start}T00:00:00Z`).getUTCDay(), byPort };
  }
}

function row(
  port: ForecastPort,
  method: ForecastMethod,
  modelVersion: string,
  issuedOn: string,
  targetDate: string,
  horizon: number,
  value: ForecastValue,
): ForecastRow {
  return {
    portId: port.id,
    method,
    issuedOn,
    targetDate,
    horizonDays: horizon,
    predicted: value.predicted,
    lower80: value.lower_80,
    upper80: value.upper_80,
    modelVersion,
  };
}
