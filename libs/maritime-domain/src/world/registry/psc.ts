/**
 * Port-state-control inspections over the last 36 months: about one a year and a half, at the
 * vessel's own calls where a regime inspects (else at a regime port), with the planned number of
 * detentions falling on the worst inspections.
 */
import { Rng } from '../prng';
import { PORTS } from '../reference/ports';
import type { Row } from '../tables';
import { DAY_MS, HOUR_MS, isoInstant, utcYear } from '../time';
import type { PortCall, Vessel } from '../types';

export interface Inspection {
  vessel: number;
  port: number;
  atMs: number;
  regime: NonNullable<(typeof PORTS)[number]['psc']>;
  deficiencies: number;
  detained: boolean;
}

const PSC_PORTS = PORTS.map((p, i) => ({ p, i }))
  .filter((x) => x.p.psc !== null)
  .map((x) => x.i);

export function inspectionsFor(
  seed: number,
  vessel: Vessel,
  calls: readonly PortCall[],
  detentions: number,
  asOfMs: number,
): Inspection[] {
  const rng = Rng.stream(seed, `psc:${vessel.index}`);
  const count = Math.max(detentions, 1 + rng.poisson(vessel.type === 'fishing' ? 1 : 3));
  const age = utcYear(asOfMs) - vessel.buildYear;
  const extra = vessel.profile === 'dark' ? 3 : vessel.profile === 'grey' ? 1.5 : 0;
  const eligible = calls.filter((c) => PORTS[c.port]?.psc !== null && c.berthMs < asOfMs - DAY_MS);
  const list: Inspection[] = [];
  for (let i = 0; i < count; i += 1) {
    const wanted = rng.float(asOfMs - 1080 * DAY_MS, asOfMs - 3 * DAY_MS);
    const near = eligible.find(
      (c) =>
        Math.abs(c.berthMs - wanted) < 20 * DAY_MS &&
        !list.some((x) => Math.abs(x.atMs - c.berthMs) < 5 * DAY_MS),
    );
    const port = near?.port ?? rng.pick(PSC_PORTS);
    const atMs =
      near === undefined
        ? Math.round(wanted)
        : Math.round(near.berthMs + rng.float(2, 10) * HOUR_MS);
    list.push({
      vessel: vessel.index,
      port,
      atMs,
      regime: PORTS[port]?.psc ?? 'paris_mou',
      deficiencies: rng.poisson(0.8 + age / 12 + extra),
      detained: false,
    });
  }
  const worst = [...list].sort((a, b) => b.deficiencies - a.deficiencies || a.atMs - b.atMs);
  for (let i = 0; i < detentions; i += 1) {
    const inspection = worst[i] as Inspection;
    inspection.detained = true;
    inspection.deficiencies = Math.max(inspection.deficiencies, 5 + rng.poisson(3));
  }
  return list.sort((a, b) => a.atMs - b.atMs);
}

export function pscRows(vessels: readonly Vessel[], inspections: readonly Inspection[]): Row[] {
  return [...inspections]
    .sort((a, b) => a.atMs - b.atMs || a.vessel - b.vessel)
    .map((x, i) => [
      i + 1,
      (vessels[x.vessel] as Vessel).imo,
      x.port + 1,
      isoInstant(x.atMs),
      x.regime,
      x.deficiencies,
      x.detained,
      x.detained || x.deficiencies >= 10 ? 'warning' : 'info',
      1,
      isoInstant(x.atMs),
    ]);
}
