/**
 * A vessel's choice of next port under its trade: favourite discharge and loading ports for
 * shuttles, the fixed rotation for loops, a personal circuit for tramps, and trips from a home
 * port for local trades.
 */
import type { LatLon } from '../../geo';
import { destinationPoint } from '../geo/proximity';
import { WAYPOINTS } from '../geo/sea-graph-data';
import type { Rng } from '../prng';
import type { CommoditySlug } from '../reference/commodities';
import { PORTS } from '../reference/ports';
import { portIndex } from './port-geometry';
import type { Trade } from './trades';

export interface Leg {
  dest: number;
  laden: boolean;
  commodity: CommoditySlug | null;
  /** Local trips stop at a sea point (fishing ground, offshore site) and come back. */
  trip: { kind: 'fishing' | 'service'; point: LatLon } | null;
}

export interface ItineraryStart {
  port: number;
  laden: boolean;
}

function favourites(rng: Rng, slugs: readonly string[], count: number): number[] {
  return rng.shuffle(slugs.map(portIndex)).slice(0, Math.min(count, slugs.length));
}

const FAVOURITE_WEIGHTS = [0.55, 0.3, 0.15];

export class Itinerary {
  private position = 0;
  private readonly loads: number[] = [];
  private readonly discharges: number[] = [];
  private readonly circuit: number[] = [];
  private home = 0;

  constructor(
    private readonly rng: Rng,
    readonly trade: Trade,
  ) {
    switch (trade.kind) {
      case 'shuttle':
        this.loads.push(...favourites(rng, trade.load, 2));
        this.discharges.push(...favourites(rng, trade.discharge, 3));
        break;
      case 'loop':
        this.circuit.push(...trade.ports.map(portIndex));
        this.position = rng.int(0, this.circuit.length - 1);
        break;
      case 'tramp':
        this.circuit.push(...favourites(rng, trade.ports, 4));
        this.position = rng.int(0, this.circuit.length - 1);
        break;
      case 'ferry':
        this.circuit.push(...trade.ports.map(portIndex));
        this.position = rng.int(0, 1);
        break;
      default:
        this.home = portIndex(rng.pick(trade.ports));
    }
  }

  start(): ItineraryStart {
    const trade = this.trade;
    if (trade.kind === 'shuttle') {
      const atLoad = this.rng.chance(0.5);
      return {
        port: atLoad ? (this.loads[0] as number) : (this.discharges[0] as number),
        laden: !atLoad,
      };
    }
    if (trade.kind === 'fishing' || trade.kind === 'service')
      return { port: this.home, laden: false };
    return { port: this.circuit[this.position] as number, laden: true };
  }

  private pickFavourite(list: readonly number[], exclude: number): number {
    const choices = list.filter((p) => p !== exclude);
    if (choices.length === 0) return list[0] as number;
    const weights = choices.map((_, i) => FAVOURITE_WEIGHTS[i] ?? 0.1);
    return choices[this.rng.weightedIndex(weights)] as number;
  }

  /** The next leg from `current`, where the vessel has just loaded (laden) or discharged. */
  next(current: number, ladenNow: boolean): Leg {
    const trade = this.trade;
    const rng = this.rng;
    switch (trade.kind) {
      case 'shuttle': {
        const commodity = rng.pick(trade.commodities);
        if (ladenNow) {
          const spot = rng.chance(0.1);
          const dest = spot
            ? portIndex(rng.pick(trade.discharge.filter((slug) => portIndex(slug) !== current)))
            : this.pickFavourite(this.discharges, current);
          return { dest, laden: true, commodity, trip: null };
        }
        return {
          dest: this.pickFavourite(this.loads, current),
          laden: false,
          commodity: null,
          trip: null,
        };
      }
      case 'loop': {
        this.position = (this.position + 1) % this.circuit.length;
        let dest = this.circuit[this.position] as number;
        if (dest === current) {
          this.position = (this.position + 1) % this.circuit.length;
          dest = this.circuit[this.position] as number;
        }
        return { dest, laden: trade.commodity !== null, commodity: trade.commodity, trip: null };
      }
      case 'tramp': {
        this.position = (this.position + 1) % this.circuit.length;
        let dest = this.circuit[this.position] as number;
        if (rng.chance(0.2) || dest === current) {
          const others = trade.ports.map(portIndex).filter((p) => p !== current);
          dest = rng.pick(others);
        }
        return { dest, laden: rng.chance(0.8), commodity: null, trip: null };
      }
      case 'ferry': {
        this.position = 1 - this.position;
        return {
          dest: this.circuit[this.position] as number,
          laden: true,
          commodity: null,
          trip: null,
        };
      }
      default: {
        const port = PORTS[this.home];
        const approach = WAYPOINTS.find((w) => w.slug === port?.attach[0]);
        if (port === undefined || approach === undefined)
          throw new RangeError('home port has no approach');
        const point = destinationPoint(approach, rng.float(0, 360), rng.float(5, 35) * 1.852);
        return {
          dest: this.home,
          laden: false,
          commodity: null,
          trip: { kind: trade.kind, point },
        };
      }
    }
  }
}
