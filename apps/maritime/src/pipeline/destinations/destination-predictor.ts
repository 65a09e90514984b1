import { Inject, Injectable } from '@nestjs/common';
import { DestinationCountModel, haversineKm } from '@platform/maritime-domain';
import type { DestinationDistribution } from '@platform/maritime-domain';
import { cellToLatLng } from 'h3-js';
import { DestinationModelsRepository, PortGeometry } from './destination-models.repository';

/** The active destination model, loaded into memory. */
export interface ActiveDestinationModel {
  version: string;
  trained_at: Date;
  /**
   * Every port with probability > 0, highest first. `cells` are valid res-8 cells, oldest
   * first; the port whose radius contains the last cell is excluded; `laden` null = unknown.
   */
  distribution(input: { cells: readonly string[]; laden: boolean | null }): DestinationDistribution;
}

/** How long the active version is trusted before it is re-read (a one-row indexed query). */
const RECHECK_MS = 60_000;

/** The port whose radius (port_radius_km) contains the cell's centre; the nearest one wins. */
export function portContaining(cell: string, ports: readonly PortGeometry[]): number | null {
  const [lat, lon] = cellToLatLng(cell);
  let best: { id: number; km: number } | null = null;
  for (const port of ports) {
    const km = haversineKm({ lat, lon }, port);
    if (km <= port.radius_km && (best === null || km < best.km)) best = { id: port.id, km };
  }
  return best?.id ?? null;
}

export function bindModel(
  version: string,
  trainedAt: Date,
  model: DestinationCountModel,
  ports: readonly PortGeometry[],
): ActiveDestinationModel {
  return {
    version,
    trained_at: trainedAt,
    distribution: ({ cells, laden }) =>
      model.distribution({
        cells,
        laden,
        excludePortId: cells.length > 0 ? portContaining(cells[cells.length - 1], ports) : null,
      }),
  };
}

/**
 * Serves the active model. Its counts are loaded once per version; the active version is
 * re-read at most once a minute (and right after this process trains a model).
 */
@Injectable()
export class DestinationPredictor {
  private cached: ActiveDestinationModel | null = null;
  private checkedAt = -Infinity;
  private loading: Promise<ActiveDestinationModel | null> | null = null;

  constructor(
    @Inject(DestinationModelsRepository) private readonly models: DestinationModelsRepository,
  ) {}

  async active(): Promise<ActiveDestinationModel | null> {
    if (performance.now() - this.checkedAt < RECHECK_MS) return this.cached;
    this.loading ??= this.refresh().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Forgets the cached version check, so the next call re-reads the active model. */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  private async refresh(): Promise<ActiveDestinationModel | null> {
    const row = await this.models.active();
    if (row === undefined) this.cached = null;
    else if (this.cached?.version !== row.version) {
      const [counts, ports] = await Promise.all([
        this.models.counts(row.version),
        this.models.portGeometry(),
      ]);
      this.cached = bindModel(
        row.version,
        row.trained_at,
        new DestinationCountModel(counts),
        ports,
      );
    }
    this.checkedAt = performance.now();
    return this.cached;
  }
}
