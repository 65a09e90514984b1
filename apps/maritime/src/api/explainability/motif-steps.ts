import { nearestPlace, type MotifName, type Place } from '@platform/maritime-domain';
import type { AnchorRow, RawEvidence } from '../case-files/evidence.repository';
import { ALERT_SOURCE_TABLES } from '../case-files/case-views';
import type { RiskRow } from './explainability.repository';
import type { ExplainStep } from './explain-steps';

const MOTIF_RULES: Record<string, string> = {
  dark_sts: 'a dark period with a ship-to-ship transfer within 48 h',
  gap_in_risk_zone: 'a dark period inside a risk zone',
  loiter_then_dark: 'a dark period starting within 24 h after loitering',
  identity_shift: 'an identity clone within 48 h, or a name, flag or MMSI change within 30 days',
};

const r2 = (x: number): number => Math.round(x * 100) / 100;

function anchorPoint(meta: Record<string, unknown>): { lat: number; lon: number } | null {
  const lat = meta['lat'] ?? meta['start_lat'];
  const lon = meta['lon'] ?? meta['start_lon'];
  return typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;
}

export function motifSteps(
  anchor: AnchorRow,
  motif: MotifName,
  nearby: readonly RawEvidence[],
  places: readonly Place[],
  risk: RiskRow | undefined,
): ExplainStep[] {
  const anchorRef = {
    table: ALERT_SOURCE_TABLES[anchor.source] ?? anchor.source,
    id: anchor.source_id,
  };
  const confidence = Number(anchor.confidence ?? 1);
  const counts = new Map<string, number>();
  for (const e of nearby) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  const countText = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  const zoneName = anchor.metadata['zone_name'];
  const point = anchorPoint(anchor.metadata);
  const near = point === null ? null : nearestPlace(point, places);
  const top = risk
    ? [...risk.factors]
        .sort((a, b) => b.contribution - a.contribution || a.factor.localeCompare(b.factor))
        .slice(0, 3)
    : [];
  return [
    {
      step: 1,
      label: 'Trigger',
      description:
        `${anchor.event_type} alert ${anchor.uid} detected at ${anchor.occurred_at.toISOString()} ` +
        `(severity ${anchor.severity}, confidence ${confidence}).`,
      confidence,
      sources: [anchorRef],
    },
    {
      step: 2,
      label: 'Co-occurring events',
      description:
        nearby.length === 0
          ? 'No other evidence within 48 h of the trigger.'
          : `${nearby.length} event(s) within 48 h of the trigger: ${countText}.`,
      confidence: Math.min(0.95, r2(0.5 + 0.1 * nearby.length)),
      sources: nearby.map((e) => ({ table: e.source_table, id: e.row_id })),
    },
    {
      step: 3,
      label: 'Zone context',
      description:
        typeof zoneName === 'string'
          ? `Inside the ${zoneName} zone (${String(anchor.metadata['zone_kind'] ?? 'risk zone')}).`
          : near
            ? `Within 50 nm of ${near.name} (${near.kind}).`
            : point
              ? 'No port or risk zone within 50 nm.'
              : 'The alert has no position.',
      confidence: typeof zoneName === 'string' ? 0.9 : near ? 0.7 : 0.5,
      sources: [anchorRef],
    },
    {
      step: 4,
      label: 'Risk tier',
      description: risk
        ? `Risk score ${risk.score} (${risk.tier}${risk.tier_override ? `, override ${risk.tier_override}` : ''}); ` +
          `top factors: ${top.map((f) => `${f.factor} ${r2(f.contribution)}`).join(', ')}.`
        : 'The vessel has not been scored yet.',
      confidence: risk ? 0.8 : 0,
      sources: risk ? [{ table: 'vessel_risk_scores', id: anchor.imo ?? '' }] : [],
    },
    {
      step: 5,
      label: 'Verdict',
      description: MOTIF_RULES[motif]
        ? `Motif ${motif}: ${MOTIF_RULES[motif]}.`
        : `Motif ${motif}: the alert fits none of the compound patterns.`,
      confidence,
      sources: [anchorRef],
    },
  ];
}
