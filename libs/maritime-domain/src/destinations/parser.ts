/**
 * Declared-destination parsing: maps the free text a crew types into AIS ("NL RTM", "ROTTERDAM",
 * "SGSIN>CNSHA") to a known port, or to null. Matching is exact after normalisation; text such
 * as "FOR ORDERS" or a misspelt name does not resolve.
 */

export interface DestinationPort {
  id: number | string;
  slug: string;
  name: string;
  unlocode: string | null;
  aliases: readonly string[];
}

export type DestinationParser<P extends DestinationPort> = (
  raw: string | null | undefined,
) => P | null;

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Upper case, no diacritics, every run of other characters one space (AIS pads with "@"). */
function destinationKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toUpperCase()
    .replace(NOT_LETTER_OR_DIGIT, ' ')
    .trim();
}

function compactKey(key: string): string {
  return key.replace(/ /g, '');
}

/**
 * The destination part of the raw text: AIS routes are written "FROM>TO", so the last part after
 * ">" wins; empty parts ("CNSHA>") are skipped.
 */
function lastLeg(raw: string): string {
  const legs = raw
    .toUpperCase()
    .split('>')
    .map((leg) => leg.trim())
    .filter((leg) => leg !== '');
  return legs.at(-1) ?? '';
}

/**
 * Builds the index once and returns a cheap parser. Keys, in priority order when two ports
 * claim the same text: UN/LOCODEs, then slugs ("new-orleans" reads "NEW ORLEANS"), then names,
 * then aliases; among equals the earlier port wins. Every key also matches with its spaces
 * removed, which is how "NL RTM" and "NLRTM" both find Rotterdam; a spaced match is preferred
 * over a compact one.
 */
export function createDestinationParser<P extends DestinationPort>(
  ports: readonly P[],
): DestinationParser<P> {
  const spaced = new Map<string, P>();
  const compact = new Map<string, P>();
  const add = (text: string | null, port: P): void => {
    if (text === null) return;
    const key = destinationKey(text);
    if (key === '') return;
    if (!spaced.has(key)) spaced.set(key, port);
    const squeezed = compactKey(key);
    if (!compact.has(squeezed)) compact.set(squeezed, port);
  };
  const keySources: ((port: P) => readonly (string | null)[])[] = [
    (port) => [port.unlocode],
    (port) => [port.slug],
    (port) => [port.name],
    (port) => port.aliases,
  ];
  for (const sourceOf of keySources)
    for (const port of ports) for (const text of sourceOf(port)) add(text, port);

  return (raw) => {
    if (raw === null || raw === undefined) return null;
    const key = destinationKey(lastLeg(raw));
    if (key === '') return null;
    return spaced.get(key) ?? compact.get(compactKey(key)) ?? null;
  };
}

/** One-off parse; build a parser with createDestinationParser to parse many. */
export function parseDeclaredDestination<P extends DestinationPort>(
  raw: string | null | undefined,
  ports: readonly P[],
): P | null {
  return createDestinationParser(ports)(raw);
}
