import { embeddedIpv4, inPrefix, IpAddress, parseIpAddress } from './ip-address';

/**
 * What an address is, for the outbound guard. Only `public` may be called; everything else
 * reaches into our own network, the host, a cloud's metadata service, or nowhere useful.
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'unique_local'
  | 'metadata'
  | 'multicast'
  | 'documentation'
  | 'reserved';

interface Range {
  prefix: IpAddress;
  length: number;
  kind: Exclude<AddressClass, 'public'>;
}

function range(text: string, kind: Range['kind']): Range {
  const [address, length] = text.split('/') as [string, string];
  const prefix = parseIpAddress(address);
  if (prefix === null) throw new Error(`bad range ${text}`);
  return { prefix, length: Number(length), kind };
}

/**
 * Instance-metadata and host endpoints of the big clouds. Most already lie in refused ranges;
 * listing them names the refusal, and keeps them refused even where private targets are allowed.
 */
const METADATA: readonly Range[] = [
  range('169.254.169.254/32', 'metadata'), // AWS, GCP, Azure, OpenStack, DigitalOcean...
  range('169.254.170.2/32', 'metadata'), // AWS ECS task metadata
  range('100.100.100.200/32', 'metadata'), // Alibaba Cloud
  range('168.63.129.16/32', 'metadata'), // Azure host (a public address)
  range('fd00:ec2::254/128', 'metadata'), // AWS over IPv6
];

// Special-purpose IPv4 ranges (IANA registry): nothing here is an ordinary Internet host.
const IPV4: readonly Range[] = [
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared'), // carrier-grade NAT
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link_local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', 'reserved'), // former 6to4 relays
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'), // benchmarking
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'), // includes 255.255.255.255
];

// IPv6 ranges refused outright. Forms that carry an IPv4 address are judged by that address
// (see classifyAddress); anything outside 2000::/3, the global unicast space, is refused last.
const IPV6: readonly Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('64:ff9b:1::/48', 'private'), // local-use NAT64
  range('100::/64', 'reserved'), // discard-only
  range('2001:db8::/32', 'documentation'),
  range('2001::/23', 'reserved'), // protocol assignments, Teredo among them
  range('3fff::/20', 'documentation'),
  range('5f00::/16', 'reserved'), // segment routing
  range('fc00::/7', 'unique_local'),
  range('fe80::/10', 'link_local'),
  range('fec0::/10', 'private'), // former site-local
  range('ff00::/8', 'multicast'),
];

const IPV4_MAPPED = range('::ffff:0:0/96', 'reserved');
const IPV4_COMPATIBLE = range('::/96', 'reserved');
const NAT64 = range('64:ff9b::/96', 'reserved');
const SIX_TO_FOUR = range('2002::/16', 'reserved');
const GLOBAL_UNICAST = range('2000::/3', 'reserved');

/**
 * Classifies an IP address (text or parsed). IPv6 forms that embed an IPv4 address
 * (`::ffff:a.b.c.d` mapped, `::a.b.c.d` compatible, `64:ff9b::/96` NAT64, `2002::/16` 6to4) are
 * judged by the IPv4 address inside, since the packet ends up there. Throws on a non-address.
 */
export function classifyAddress(address: string | IpAddress): AddressClass {
  const parsed = typeof address === 'string' ? parseIpAddress(address) : address;
  if (parsed === null) throw new TypeError('not an IP address');
  const metadata = METADATA.find((r) => inPrefix(parsed, r.prefix, r.length));
  if (metadata) return metadata.kind;
  if (parsed.family === 4)
    return IPV4.find((r) => inPrefix(parsed, r.prefix, r.length))?.kind ?? 'public';

  if (inPrefix(parsed, IPV4_MAPPED.prefix, 96) || inPrefix(parsed, NAT64.prefix, 96)) {
    return classifyAddress(embeddedIpv4(parsed, 12));
  }
  if (inPrefix(parsed, SIX_TO_FOUR.prefix, 16)) return classifyAddress(embeddedIpv4(parsed, 2));
  const special = IPV6.find((r) => inPrefix(parsed, r.prefix, r.length));
  if (special) return special.kind;
  if (inPrefix(parsed, IPV4_COMPATIBLE.prefix, 96)) {
    const inner = classifyAddress(embeddedIpv4(parsed, 12));
    return inner === 'public' ? 'reserved' : inner;
  }
  return inPrefix(parsed, GLOBAL_UNICAST.prefix, 3) ? 'public' : 'reserved';
}
