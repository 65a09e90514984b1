/**
 * Events that follow from the schedules: port entries and departures, zone entries, loitering,
 * unplanned stops and ship-to-ship transfers (locus alerts), the transfers themselves, draft
 * anomalies and route deceptions.
 */
import { haversineNm } from '../../geo';
import type { NearPortIndex, ZoneCircle } from '../geo/proximity';
import { zoneContaining } from '../geo/proximity';
import { PORTS } from '../reference/ports';
import { ZONES } from '../reference/zones';
import { timeAtDistance } from '../schedule/motion';
import type { Row } from '../tables';
import { HOUR_MS, isoInstant } from '../time';
import type { PortCall, StsEvent, Vessel, Voyage } from '../types';
import { zoneCrossings } from './crossings';
import { numberRows, portId, round, zoneId } from './event-row';
import type { PendingRow, Severity } from './event-row';

export interface VoyageEventContext {
  vessels: readonly Vessel[];
  asOfMs: number;
  historyStartMs: number;
  zones: readonly ZoneCircle[];
  /** Ports within 20 nm, for the draft-anomaly rule. */
  nearPort20: NearPortIndex;
}

const hoursBetween = (from: number, to: number): number => round((to - from) / HOUR_MS, 2);

/** sts_events rows (pair stored with imo_a < imo_b) and each transfer's row id. */
export function stsRows(
  ctx: VoyageEventContext,
  events: readonly StsEvent[],
): { rows: Row[]; ids: number[] } {
  const order = events
    .map((_, i) => i)
    .sort((a, b) => (events[a] as StsEvent).endMs - (events[b] as StsEvent).endMs || a - b);
  const ids = new Array<number>(events.length);
  const rows = order.map((index, position): Row => {
    const e = events[index] as StsEvent;
    ids[index] = position + 1;
    const a = (ctx.vessels[e.initiator] as Vessel).imo;
    const b = (ctx.vessels[e.partner] as Vessel).imo;
    const kind = e.zone === null ? null : (ZONES[e.zone] as (typeof ZONES)[number]).kind;
    const severity: Severity =
      kind === 'sanctions_area' ? 'critical' : kind === null ? 'info' : 'warning';
    return [
      position + 1,
      a < b ? a : b,
      a < b ? b : a,
      isoInstant(e.startMs),
      isoInstant(e.endMs),
      round(e.position.lat, 5),
      round(e.position.lon, 5),
      zoneId(e.zone),
      severity,
      0.8,
      isoInstant(e.endMs),
    ];
  });
  return { rows, ids };
}

export function locusRows(
  ctx: VoyageEventContext,
  calls: readonly PortCall[],
  voyages: readonly Voyage[],
  sts: readonly StsEvent[],
  stsIds: readonly number[],
): Row[] {
  const pending: PendingRow[] = [];
  const push = (
    vessel: number,
    occurredMs: number,
    kindOrder: number,
    cells: Row[number][],
  ): void => {
    if (occurredMs > ctx.asOfMs) return;
    pending.push({ occurredMs, order: vessel * 8 + kindOrder, cells });
  };
  const imo = (vessel: number): string => (ctx.vessels[vessel] as Vessel).imo;
  for (const call of calls) {
    const port = PORTS[call.port] as (typeof PORTS)[number];
    const departed = call.departMs <= ctx.asOfMs;
    const meta = { port: port.slug, port_name: port.name };
    push(call.vessel, call.arriveMs, 0, [
      imo(call.vessel),
      'port_entry',
      portId(call.port),
      null,
      null,
      isoInstant(call.arriveMs),
      departed ? isoInstant(call.departMs) : null,
      departed ? hoursBetween(call.arriveMs, call.departMs) : null,
      port.lat,
      port.lon,
      meta,
      'info',
      0.99,
      isoInstant(call.arriveMs),
    ]);
    if (departed)
      push(call.vessel, call.departMs, 1, [
        imo(call.vessel),
        'port_departure',
        portId(call.port),
        null,
        null,
        isoInstant(call.departMs),
        null,
        null,
        port.lat,
        port.lon,
        meta,
        'info',
        0.99,
        isoInstant(call.departMs),
      ]);
  }
  for (const voyage of voyages) {
    for (const crossing of zoneCrossings(voyage.route, ctx.zones)) {
      const zone = ZONES[crossing.zone] as (typeof ZONES)[number];
      const from = timeAtDistance(voyage, crossing.fromNm);
      const to = timeAtDistance(voyage, crossing.toNm);
      if (from < ctx.historyStartMs) continue;
      const ended = to <= ctx.asOfMs;
      const at = voyage.route.pointAt(crossing.fromNm);
      push(voyage.vessel, from, 2, [
        imo(voyage.vessel),
        'zone_entry',
        null,
        crossing.zone + 1,
        null,
        isoInstant(from),
        ended ? isoInstant(to) : null,
        ended ? hoursBetween(from, to) : null,
        round(at.lat, 5),
        round(at.lon, 5),
        { zone: zone.slug, zone_kind: zone.kind },
        zone.kind === 'sanctions_area' ? 'critical' : 'info',
        0.95,
        isoInstant(from),
      ]);
    }
    for (const stop of voyage.stops) {
      const ended = stop.endMs <= ctx.asOfMs;
      const zone =
        stop.zone ??
        (zoneContaining(stop.position, ctx.zones) >= 0
          ? zoneContaining(stop.position, ctx.zones)
          : null);
      const common = [round(stop.position.lat, 5), round(stop.position.lon, 5)];
      if (stop.kind === 'loiter') {
        const detected = stop.startMs + Math.min(6 * HOUR_MS, stop.endMs - stop.startMs);
        push(voyage.vessel, detected, 3, [
          imo(voyage.vessel),
          'loitering',
          null,
          zoneId(zone),
          null,
          isoInstant(stop.startMs),
          ended ? isoInstant(stop.endMs) : null,
          ended ? hoursBetween(stop.startMs, stop.endMs) : null,
          ...common,
          { zone: zone === null ? null : (ZONES[zone] as (typeof ZONES)[number]).slug },
          'warning',
          0.8,
          isoInstant(detected),
        ]);
      } else if (
        stop.kind === 'unplanned' &&
        zone === null &&
        ctx.nearPort20.portWithin(stop.position) < 0
      ) {
        const detected = stop.startMs + 12 * HOUR_MS;
        if (stop.endMs - stop.startMs >= 12 * HOUR_MS)
          push(voyage.vessel, detected, 4, [
            imo(voyage.vessel),
            'unplanned_stop',
            null,
            null,
            null,
            isoInstant(stop.startMs),
            ended ? isoInstant(stop.endMs) : null,
            ended ? hoursBetween(stop.startMs, stop.endMs) : null,
            ...common,
            {},
            'info',
            0.7,
            isoInstant(detected),
          ]);
      }
    }
  }
  sts.forEach((e, index) => {
    const zone = e.zone === null ? null : (ZONES[e.zone] as (typeof ZONES)[number]);
    for (const [vessel, role] of [
      [e.initiator, 'initiator'],
      [e.partner, 'partner'],
    ] as const)
      push(vessel, e.endMs, 5, [
        imo(vessel),
        'sts_transfer',
        null,
        zoneId(e.zone),
        stsIds[index] as number,
        isoInstant(e.startMs),
        isoInstant(e.endMs),
        hoursBetween(e.startMs, e.endMs),
        round(e.position.lat, 5),
        round(e.position.lon, 5),
        {
          role,
          counterpart_imo: imo(role === 'initiator' ? e.partner : e.initiator),
          zone: zone?.slug ?? null,
        },
        'warning',
        0.8,
        isoInstant(e.endMs),
      ]);
  });
  return numberRows(pending);
}

export function draftAnomalyRows(ctx: VoyageEventContext, voyages: readonly Voyage[]): Row[] {
  const pending: PendingRow[] = [];
  for (const voyage of voyages) {
    let before = voyage.draftDepM;
    for (const stop of voyage.stops) {
      if (stop.draftAfterM === null) continue;
      const after = stop.draftAfterM;
      const delta = after - before;
      if (
        Math.abs(delta) >= 1 &&
        stop.endMs <= ctx.asOfMs &&
        ctx.nearPort20.portWithin(stop.position) < 0
      )
        pending.push({
          occurredMs: stop.endMs,
          order: voyage.vessel,
          cells: [
            (ctx.vessels[voyage.vessel] as Vessel).imo,
            voyage.id === 0 ? null : voyage.id,
            before,
            after,
            round(stop.position.lat, 5),
            round(stop.position.lon, 5),
            Math.abs(delta) >= 3 ? 'warning' : 'info',
            0.9,
            isoInstant(stop.endMs),
          ],
        });
      before = after;
    }
  }
  return numberRows(pending);
}

/** Completed voyages whose declared port is known and is not where the vessel arrived. */
export function isDeception(voyage: Voyage, asOfMs: number): boolean {
  return (
    voyage.arriveMs <= asOfMs && voyage.declaredPort !== null && voyage.declaredPort !== voyage.dest
  );
}

export function deceptionRows(ctx: VoyageEventContext, voyages: readonly Voyage[]): Row[] {
  const pending: PendingRow[] = [];
  for (const voyage of voyages) {
    if (voyage.id === 0 || !isDeception(voyage, ctx.asOfMs)) continue;
    const declared = PORTS[voyage.declaredPort as number] as (typeof PORTS)[number];
    const actual = PORTS[voyage.dest] as (typeof PORTS)[number];
    const deviation = haversineNm(declared, actual);
    pending.push({
      occurredMs: voyage.arriveMs,
      order: voyage.vessel,
      cells: [
        voyage.id,
        (ctx.vessels[voyage.vessel] as Vessel).imo,
        voyage.declared,
        portId(voyage.declaredPort as number),
        portId(voyage.dest),
        round(deviation, 1),
        deviation > 500 ? 'warning' : 'info',
        0.9,
        isoInstant(voyage.arriveMs),
      ],
    });
  }
  return numberRows(pending);
}
