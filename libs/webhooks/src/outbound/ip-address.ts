import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as network-order bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  family: 4 | 6;
  bytes: Uint8Array;
}

/**
 * Parses an IP literal: dotted IPv4, or IPv6 in any textual form (compressed, with an embedded
 * dotted IPv4 tail, in URL brackets, with a zone id). Null for anything that is not an address,
 * such as a host name. Only canonical dotted IPv4 is accepted here; the WHATWG URL parser has
 * already turned `2130706433`, `0x7f.1` or `127.1` into `127.0.0.1` by the time a host gets here.
 */
export function parseIpAddress(text: string): IpAddress | null {
  let host = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = host.indexOf('%');
  if (zone >= 0) host = host.slice(0, zone);
  if (isIPv4(host)) return { family: 4, bytes: Uint8Array.from(host.split('.').map(Number)) };
  if (isIPv6(host)) return { family: 6, bytes: ipv6Bytes(host) };
  return null;
}

/** The canonical text of an address (IPv6 compressed, lower case; no brackets or zone). */
export function formatIpAddress(address: IpAddress): string {
  if (address.family === 4) return [...address.bytes].join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2)
    groups.push(((address.bytes[i] ?? 0) << 8) | (address.bytes[i + 1] ?? 0));
  // Compress the longest run of two or more zero groups, as RFC 5952 asks.
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  const head = hex.slice(0, bestStart).join(':');
  const tail = hex.slice(bestStart + bestLength).join(':');
  return `${head}::${tail}`;
}

/** Whether `address` lies in `prefix`/`length` (same family). */
export function inPrefix(address: IpAddress, prefix: IpAddress, length: number): boolean {
  if (address.family !== prefix.family) return false;
  for (let bit = 0; bit < length; bit += 8) {
    const remaining = Math.min(8, length - bit);
    const mask = (0xff << (8 - remaining)) & 0xff;
    const index = bit / 8;
    if (((address.bytes[index] ?? 0) & mask) !== ((prefix.bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IPv4 address held in four bytes of an IPv6 one (mapped, NAT64, 6to4). */
export function embeddedIpv4(address: IpAddress, offset: number): IpAddress {
  return { family: 4, bytes: address.bytes.slice(offset, offset + 4) };
}

/** 16 bytes of a textual IPv6 address that node:net already accepted. */
function ipv6Bytes(text: string): Uint8Array {
  let source = text;
  const tail: number[] = [];
  const lastColon = source.lastIndexOf(':');
  const lastPart = source.slice(lastColon + 1);
  if (lastPart.includes('.')) {
    // An embedded dotted IPv4 tail stands for the last two groups.
    const [a, b, c, d] = lastPart.split('.').map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    source = `${source.slice(0, lastColon + 1)}0:0`;
  }
  const [headText, tailText] = source.includes('::') ? source.split('::') : [source, undefined];
  const parse = (part: string | undefined): number[] =>
    part === undefined || part === '' ? [] : part.split(':').map((group) => parseInt(group, 16));
  const head = parse(headText);
  const rest = parse(tailText);
  const groups =
    tailText === undefined
      ? head
      : [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  if (tail.length > 0) groups.splice(6, 2, ...tail);
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return bytes;
}
