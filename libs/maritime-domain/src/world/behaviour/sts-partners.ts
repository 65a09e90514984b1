/**
 * Partners of ship-to-ship transfers. The initiating vessel really sails to the transfer point;
 * the partner, chosen among dark and grey tankers at sea at the time (stream `sts`), switches its
 * AIS off for the transfer, so its own track never contradicts the meeting.
 */
import { Rng } from '../prng';
import { HOUR_MS } from '../time';
import type { Gap, StsEvent, VesselTimeline } from '../types';
import { partnerGap } from './overlays';
import type { OverlayContext } from './overlays';
import { atSeaThroughout } from './timeline-index';

const TANKERS = new Set(['tanker', 'chemical_tanker']);

export interface StsAssignment {
  events: StsEvent[];
  /** Gaps partners must keep, by vessel index. */
  partnerGaps: Map<number, Gap[]>;
}

export function assignStsPartners(
  seed: number,
  timelines: readonly VesselTimeline[],
  ctx: OverlayContext,
): StsAssignment {
  const rng = Rng.stream(seed, 'sts');
  const pool = timelines.filter((t) => t.vessel.profile !== 'clean' && TANKERS.has(t.vessel.type));
  const fallback = timelines.filter(
    (t) => t.vessel.profile !== 'clean' || t.vessel.targetTier !== 'low',
  );
  const events: StsEvent[] = [];
  const partnerGaps = new Map<number, Gap[]>();
  for (const initiator of timelines)
    for (const voyage of initiator.voyages)
      for (const stop of voyage.stops) {
        if (stop.kind !== 'sts') continue;
        if (stop.endMs > ctx.asOfMs || stop.startMs < ctx.historyStartMs) {
          stop.kind = 'loiter';
          continue;
        }
        let chosen: { timeline: VesselTimeline; gap: Gap | null } | null = null;
        for (const candidates of [pool, fallback]) {
          const order = rng.shuffle(
            candidates.filter((c) => c.vessel.index !== initiator.vessel.index),
          );
          for (const candidate of order) {
            if (
              atSeaThroughout(
                candidate.voyages,
                stop.startMs - 3 * HOUR_MS,
                stop.endMs + 4 * HOUR_MS,
                1.5,
              ) === null
            )
              continue;
            const taken = partnerGaps.get(candidate.vessel.index) ?? [];
            const gap = partnerGap(
              rng,
              candidate.vessel,
              candidate.voyages,
              stop.startMs,
              stop.endMs,
              taken,
              ctx,
            );
            if (gap === null) continue;
            chosen = { timeline: candidate, gap };
            break;
          }
          if (chosen !== null) break;
        }
        if (chosen === null) {
          // Nobody was at sea to meet: the stop stays, as loitering with a draft change.
          stop.kind = 'loiter';
          continue;
        }
        stop.sts = events.length;
        events.push({
          initiator: initiator.vessel.index,
          partner: chosen.timeline.vessel.index,
          startMs: stop.startMs,
          endMs: stop.endMs,
          position: stop.position,
          zone: stop.zone,
          voyage,
        });
        if (chosen.gap !== null) {
          const list = partnerGaps.get(chosen.timeline.vessel.index) ?? [];
          list.push(chosen.gap);
          partnerGaps.set(chosen.timeline.vessel.index, list);
        }
      }
  return { events, partnerGaps };
}
