import {
  cargoEstimate,
  impliedMove,
  SPOOFING_SPEED_CEILING_KN,
  CARGO_ESTIMATE_BAND,
  type TimedFix,
} from '@platform/maritime-domain';
import type { FixRow, SpoofingRow, VesselRow, VoyageRow } from './explainability.repository';

export interface SourceRef {
  table: string;
  id: string;
}

export interface ExplainStep {
  step: number;
  label: string;
  description: string;
  confidence: number;
  sources: SourceRef[];
}

const iso = (d: Date): string => d.toISOString();
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
/** A position row has no id of its own: it is named `<imo>@<timestamp>@<source>`. */
export const fixRef = (f: FixRow): SourceRef => ({
  table: 'ais_positions',
  id: `${f.imo}@${iso(f.ts)}@${f.source}`,
});

export interface Bracket {
  from: TimedFix;
  to: TimedFix;
  sources: SourceRef[];
}

function detailFix(value: unknown): TimedFix | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as { timestamp?: unknown; lat?: unknown; lon?: unknown };
  if (typeof v.timestamp !== 'string' || typeof v.lat !== 'number' || typeof v.lon !== 'number')
    return null;
  return { at: new Date(v.timestamp), lat: v.lat, lon: v.lon };
}

/** The two fixes an alert is about: from its details, else the last two fixes up to it. */
export function bracketOf(alert: SpoofingRow, fixes: readonly FixRow[]): Bracket | null {
  const own = { table: 'spoofing_alerts', id: alert.id };
  const from = detailFix(alert.details['from']);
  const to = detailFix(alert.details['to']);
  if (from && to) return { from, to, sources: [own] };
  const [last, previous] = fixes;
  if (!last || !previous) return null;
  return {
    from: { at: previous.ts, lat: previous.lat, lon: previous.lon },
    to: { at: last.ts, lat: last.lat, lon: last.lon },
    sources: [own, fixRef(previous), fixRef(last)],
  };
}

const fixText = (f: TimedFix): string => `${iso(f.at)} at ${f.lat.toFixed(4)}, ${f.lon.toFixed(4)}`;

/** Fixes under the same MMSI that the vessel could not have reached from the alert's fix. */
export function conflictingFixes(imo: string, to: TimedFix, fixes: readonly FixRow[]): FixRow[] {
  return fixes.filter((f) => {
    if (f.imo !== imo) return true;
    const move = impliedMove(to, { at: f.ts, lat: f.lat, lon: f.lon });
    return move.distance_nm > 1 && move.exceeds_ceiling;
  });
}

export function spoofingSteps(
  imo: string,
  alert: SpoofingRow,
  bracket: Bracket | null,
  sameMmsi: readonly FixRow[],
): ExplainStep[] {
  const own = [{ table: 'spoofing_alerts', id: alert.id }];
  const confidence = Number(alert.confidence);
  if (bracket === null) {
    return [
      {
        step: 1,
        label: 'Bracketing positions',
        description: 'No fixes around the alert are on record.',
        confidence: 0,
        sources: own,
      },
      {
        step: 2,
        label: 'Implied speed',
        description: `The detector recorded an implied speed of ${alert.implied_speed_kn ?? 'unknown'} kn against the ${SPOOFING_SPEED_CEILING_KN} kn ceiling.`,
        confidence: 0,
        sources: own,
      },
      {
        step: 3,
        label: 'Same MMSI elsewhere',
        description: 'Not checked without a fix to compare.',
        confidence: 0,
        sources: own,
      },
      {
        step: 4,
        label: 'Verdict',
        description: `Classified as ${alert.kind.replace(/_/g, ' ')} (${alert.severity}).`,
        confidence,
        sources: own,
      },
    ];
  }
  const move = impliedMove(bracket.from, bracket.to);
  const conflicts = conflictingFixes(imo, bracket.to, sameMmsi);
  const others = new Set(conflicts.filter((f) => f.imo !== imo).map((f) => f.imo));
  return [
    {
      step: 1,
      label: 'Bracketing positions',
      description: `From ${fixText(bracket.from)} to ${fixText(bracket.to)}.`,
      confidence: 1,
      sources: bracket.sources,
    },
    {
      step: 2,
      label: 'Implied speed',
      description:
        `${move.distance_nm} nm in ${move.elapsed_hours} h is ${move.implied_speed_kn ?? 'an instant jump of'} kn, ` +
        `${move.exceeds_ceiling ? 'above' : 'within'} the ${SPOOFING_SPEED_CEILING_KN} kn ceiling.`,
      confidence: move.exceeds_ceiling ? 0.95 : 0.2,
      sources: bracket.sources,
    },
    {
      step: 3,
      label: 'Same MMSI elsewhere',
      description:
        `${sameMmsi.length} fix(es) reported MMSI ${alert.mmsi} within ±10 minutes of ${iso(bracket.to.at)}; ` +
        `${conflicts.length} could not be this vessel` +
        (others.size > 0 ? ` (also reported by IMO ${[...others].sort().join(', ')}).` : '.'),
      confidence: conflicts.length > 0 ? 0.9 : 0.5,
      sources: conflicts.map(fixRef),
    },
    {
      step: 4,
      label: 'Verdict',
      description:
        `Classified as ${alert.kind.replace(/_/g, ' ')} (${alert.severity}): the implied speed ` +
        `${move.exceeds_ceiling ? 'exceeds' : 'does not exceed'} ${SPOOFING_SPEED_CEILING_KN} kn` +
        `${conflicts.length > 0 ? ` and ${conflicts.length} conflicting fix(es) share the MMSI` : ''}.`,
      confidence,
      sources: own,
    },
  ];
}

export interface CommodityGuess {
  commodity: string | null;
  name: string | null;
  n: number;
  total: number;
  from: 'load_port' | 'voyage' | 'none';
}

export function cargoSteps(
  vessel: VesselRow,
  voyage: VoyageRow,
  guess: CommodityGuess,
): ExplainStep[] {
  const voyageRef = { table: 'voyages', id: voyage.id };
  const vesselRef = { table: 'vessels', id: vessel.imo };
  const sources = [voyageRef, vesselRef];
  const draft = voyage.draft_departure_m;
  const design = vessel.design_draft_m;
  const dwt = vessel.dwt;
  const computable = draft !== null && design !== null && design > 0 && dwt !== null;
  const est = computable ? cargoEstimate(draft, design, dwt) : null;
  const commodityConfidence =
    guess.from === 'load_port' ? r4(guess.n / guess.total) : guess.from === 'voyage' ? 0.5 : 0;
  const commodityText =
    guess.from === 'load_port'
      ? `${vessel.vessel_type} voyages from ${voyage.origin_name ?? 'the load port'} carried ${guess.name} on ${guess.n} of ${guess.total}.`
      : guess.from === 'voyage'
        ? `No ${vessel.vessel_type} history at ${voyage.origin_name ?? 'the load port'}; the voyage record names ${guess.name}.`
        : 'No commodity can be inferred from the load port or the vessel type.';
  return [
    {
      step: 1,
      label: 'Draft readings',
      description:
        `Departure draft ${draft ?? 'unknown'} m, arrival draft ${voyage.draft_arrival_m ?? 'unknown'} m; ` +
        `design draft ${design ?? 'unknown'} m, deadweight ${dwt ?? 'unknown'} t.`,
      confidence: draft === null ? 0 : 0.9,
      sources,
    },
    {
      step: 2,
      label: 'Load fraction',
      description: est
        ? `(${draft} − 0.45 × ${design}) / (0.55 × ${design}) = ${est.fraction} (clamped to 0..1).`
        : 'Cannot be computed without the departure and design drafts.',
      confidence: est ? 0.8 : 0,
      sources,
    },
    {
      step: 3,
      label: 'Cargo tonnage',
      description: est
        ? `${est.fraction} × ${dwt} t × 0.95 = ${est.cargo_t} t.`
        : 'Cannot be computed without the load fraction and deadweight.',
      confidence: est ? 0.8 : 0,
      sources,
    },
    {
      step: 4,
      label: 'Commodity',
      description: commodityText,
      confidence: commodityConfidence,
      sources: [voyageRef],
    },
    {
      step: 5,
      label: 'Result',
      description: est
        ? `About ${est.cargo_t} t of ${guess.name ?? 'unknown cargo'} ` +
          `(±${CARGO_ESTIMATE_BAND * 100} %: ${est.low_t}–${est.high_t} t).`
        : 'No estimate.',
      confidence: est ? r4(Math.min(0.8, commodityConfidence || 0.8)) : 0,
      sources,
    },
  ];
}
