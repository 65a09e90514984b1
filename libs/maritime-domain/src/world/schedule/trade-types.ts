/**
 * The trades vessels work. Shuttle trades alternate a laden leg (loading port → discharge port)
 * with a ballast leg back; loops are liner or cruise rotations; tramps wander a regional set of
 * ports; local trades (fishing, service, ferries) stay near a home port. Each vessel keeps one
 * trade and a few favourite ports, which is what makes its destinations predictable.
 */
import type { CommoditySlug } from '../reference/commodities';

export interface ShuttleTrade {
  kind: 'shuttle';
  slug: string;
  load: readonly string[];
  discharge: readonly string[];
  commodities: readonly CommoditySlug[];
}

export interface LoopTrade {
  kind: 'loop';
  slug: string;
  ports: readonly string[];
  commodity: CommoditySlug | null;
}

export interface TrampTrade {
  kind: 'tramp';
  slug: string;
  ports: readonly string[];
}

export interface LocalTrade {
  kind: 'fishing' | 'service' | 'ferry';
  slug: string;
  ports: readonly string[];
}

export type Trade = ShuttleTrade | LoopTrade | TrampTrade | LocalTrade;

export const shuttle = (
  slug: string,
  load: string[],
  discharge: string[],
  commodities: CommoditySlug[],
): ShuttleTrade => ({ kind: 'shuttle', slug, load, discharge, commodities });
export const loop = (
  slug: string,
  ports: string[],
  commodity: CommoditySlug | null,
): LoopTrade => ({
  kind: 'loop',
  slug,
  ports,
  commodity,
});
