import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { motifName } from '@platform/maritime-domain';
import { EvidenceRepository } from '../case-files/evidence.repository';
import { notFound } from '../vessels/vessels.service';
import type { ExplainabilityQuery } from './dto/explainability.dto';
import {
  bracketOf,
  cargoSteps,
  spoofingSteps,
  type CommodityGuess,
  type ExplainStep,
} from './explain-steps';
import { ExplainabilityRepository, type VesselRow } from './explainability.repository';
import { motifSteps } from './motif-steps';

const signalNotFound = (type: string, id: string | undefined): ApiError =>
  ApiError.notFound(
    'signal_not_found',
    id === undefined
      ? `The vessel has no ${type} signal`
      : `No ${type} signal ${id} on this vessel`,
  );

const WINDOW_MS = 48 * 3_600_000;

/** How a signal was derived, step by step, with the numbers and the rows each step used. */
@Injectable()
export class ExplainabilityService {
  constructor(
    @Inject(ExplainabilityRepository) private readonly repo: ExplainabilityRepository,
    @Inject(EvidenceRepository) private readonly events: EvidenceRepository,
  ) {}

  async explain(query: ExplainabilityQuery): Promise<Record<string, unknown>> {
    const vessel = await this.repo.vessel(query.imo);
    if (!vessel) throw notFound(query.imo);
    const id = query.signal_id;
    const result =
      query.type === 'spoofing'
        ? await this.spoofing(vessel, id)
        : query.type === 'cargo_estimate'
          ? await this.cargo(vessel, id)
          : await this.motif(vessel, id);
    return { imo: query.imo, type: query.type, signal_id: result.id, steps: result.steps };
  }

  private plainId(type: string, id: string | undefined): string | null {
    if (id === undefined) return null;
    if (!/^[0-9]+$/.test(id))
      throw ApiError.badRequest('invalid_request', `signal_id of ${type} is a plain id`, [
        { field: 'signal_id', message: `signal_id of ${type} must be a positive whole number` },
      ]);
    return id;
  }

  private async spoofing(
    vessel: VesselRow,
    id: string | undefined,
  ): Promise<{ id: string; steps: ExplainStep[] }> {
    const alert = await this.repo.spoofing(vessel.imo, this.plainId('spoofing', id));
    if (!alert) throw signalNotFound('spoofing', id);
    const fixes = await this.repo.fixesBefore(vessel.imo, alert.occurred_at);
    const bracket = bracketOf(alert, fixes);
    const sameMmsi = bracket === null ? [] : await this.repo.sameMmsi(alert.mmsi, bracket.to.at);
    return { id: alert.id, steps: spoofingSteps(vessel.imo, alert, bracket, sameMmsi) };
  }

  private async cargo(
    vessel: VesselRow,
    id: string | undefined,
  ): Promise<{ id: string; steps: ExplainStep[] }> {
    const voyage = await this.repo.voyage(vessel.imo, this.plainId('cargo_estimate', id));
    if (!voyage) throw signalNotFound('cargo_estimate', id);
    const port =
      voyage.origin_port_id === null
        ? undefined
        : await this.repo.portCommodity(voyage.origin_port_id, vessel.vessel_type);
    const guess: CommodityGuess = port
      ? {
          commodity: port.commodity,
          name: port.name,
          n: port.n,
          total: port.total,
          from: 'load_port',
        }
      : voyage.commodity !== null
        ? {
            commodity: voyage.commodity,
            name: voyage.commodity_name,
            n: 0,
            total: 0,
            from: 'voyage',
          }
        : { commodity: null, name: null, n: 0, total: 0, from: 'none' };
    return { id: voyage.id, steps: cargoSteps(vessel, voyage, guess) };
  }

  private async motif(
    vessel: VesselRow,
    id: string | undefined,
  ): Promise<{ id: string; steps: ExplainStep[] }> {
    let ref: { source: string; source_id: string } | undefined;
    if (id === undefined) ref = await this.events.latestAnchorId(vessel.imo);
    else {
      const [source, sourceId] = id.split(':');
      if (sourceId === undefined)
        throw ApiError.badRequest('invalid_request', 'signal_id of a motif is a unified alert id', [
          { field: 'signal_id', message: 'signal_id of motif must be <source>:<id>' },
        ]);
      ref = { source: source as string, source_id: sourceId };
    }
    const anchor = ref && (await this.events.anchor(ref.source, ref.source_id));
    if (!anchor || anchor.imo !== vessel.imo) throw signalNotFound('motif', id);
    const at = anchor.occurred_at;
    const facts = await this.events.motifFacts(vessel.imo, at);
    const motif = motifName({
      anchor: {
        eventType: anchor.event_type,
        occurredAt: at,
        darkEventId: anchor.source === 'dark_event' ? anchor.source_id : null,
      },
      ...facts,
    });
    const anchorTable =
      anchor.source === 'dark_event'
        ? 'dark_events'
        : anchor.source === 'spoofing_alert'
          ? 'spoofing_alerts'
          : null;
    const nearby = (await this.events.evidence(vessel.imo, at)).filter(
      (e) =>
        Math.abs(e.occurred_at.getTime() - at.getTime()) <= WINDOW_MS &&
        !(e.source_table === anchorTable && e.row_id === anchor.source_id),
    );
    const steps = motifSteps(
      anchor,
      motif,
      nearby,
      await this.events.places(),
      await this.repo.risk(vessel.imo),
    );
    return { id: anchor.uid, steps };
  }
}
