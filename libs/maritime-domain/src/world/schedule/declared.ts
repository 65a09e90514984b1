/**
 * The destination a crew types into AIS: usually the true port as a LOCODE, a name, a spaced
 * LOCODE or a "FROM>TO" route, sometimes nothing useful ("FOR ORDERS"), and for deceptive
 * vessels another port altogether. The declared port id comes from the same parser the API uses.
 */
import { createDestinationParser } from '../../destinations';
import type { Rng } from '../prng';
import { PORTS } from '../reference/ports';

const JUNK = [
  'FOR ORDERS',
  'TBA',
  'ORDERS',
  'AWAITING ORDERS',
  'ANCHORAGE',
  'OPL',
  'FISHING GROUNDS',
  'SEA TRIAL',
];

const PARSER = createDestinationParser(
  PORTS.map((port, index) => ({
    id: index,
    slug: port.slug,
    name: port.name,
    unlocode: port.unlocode,
    aliases: port.aliases,
  })),
);

const AIS_DESTINATION_LENGTH = 20;

function spelling(rng: Rng, port: number, origin: number): string {
  const def = PORTS[port];
  const from = PORTS[origin];
  if (def === undefined || from === undefined) throw new RangeError('unknown port');
  const options: string[] = [
    def.unlocode,
    `${def.unlocode.slice(0, 2)} ${def.unlocode.slice(2)}`,
    `${from.unlocode}>${def.unlocode}`,
  ];
  const name = def.name.toUpperCase();
  if (name.length <= AIS_DESTINATION_LENGTH) options.push(name);
  const alias = rng.pick(def.aliases);
  options.push(alias.slice(0, AIS_DESTINATION_LENGTH));
  const weights = [0.35, 0.1, 0.15, 0.25, 0.15].slice(0, options.length);
  return options[rng.weightedIndex(weights)] as string;
}

export interface Declaration {
  text: string;
  port: number | null;
}

/** What the vessel declares for a voyage to `dest`; `lie` picks another port from `decoys`. */
export function declareDestination(
  rng: Rng,
  origin: number,
  dest: number,
  lie: boolean,
  decoys: readonly number[],
  local: boolean,
): Declaration {
  let text: string;
  if (local && rng.chance(0.6)) text = rng.pick(JUNK);
  else if (lie) {
    const others = decoys.filter((p) => p !== dest && p !== origin);
    text = others.length > 0 ? spelling(rng, rng.pick(others), origin) : rng.pick(JUNK);
  } else if (rng.chance(0.05)) text = rng.pick(JUNK);
  else text = spelling(rng, dest, origin);
  const parsed = PARSER(text);
  return { text, port: parsed === null ? null : (parsed.id as number) };
}
