import { lookup } from 'node:dns/promises';
import { AddressClass, classifyAddress } from './address-policy';
import { formatIpAddress, parseIpAddress } from './ip-address';
import { parseTargetUrl } from './target-url';
import { UnsafeTargetError } from './unsafe-target-error';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (the system resolver unless a test gives another). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** A URL that passed the guard, and the one address the request must connect to. */
export interface CheckedTarget {
  url: URL;
  /** The host without URL brackets: the TLS server name when it is a name. */
  hostname: string;
  /** The checked address: connections go here and nowhere else (see PinnedAgents). */
  address: string;
  family: 4 | 6;
}

export interface TargetGuardOptions {
  /**
   * Lifts the address check for local development and tests, so loopback and private receivers
   * work. Cloud metadata endpoints stay refused: no development setup needs them.
   */
  allowPrivateTargets?: boolean;
  resolve?: HostResolver;
  /** How long a name may take to resolve; 5 s by default. */
  resolveTimeoutMs?: number;
  /**
   * How long a name's addresses are reused (30 s by default; 0: resolve every time). Each use is
   * checked again; the cache spares the resolver, which the operating system runs on a small
   * thread pool shared with file I/O.
   */
  cacheMs?: number;
}

/** Names whose addresses are kept at most. */
const MAX_CACHED_NAMES = 1_000;

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), every address in order. */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * The SSRF guard of outbound calls to URLs users give: https only, the host resolved, and every
 * address it resolves to must be a public one; the first is returned so the connection is pinned
 * to it (a second resolution at connect time could answer differently: DNS rebinding). Run it
 * when the URL is registered and again before every request.
 */
export class OutboundTargetGuard {
  private readonly allowPrivate: boolean;
  private readonly resolve: HostResolver;
  private readonly resolveTimeoutMs: number;
  private readonly cacheMs: number;
  private readonly cache = new Map<
    string,
    { addresses: readonly ResolvedAddress[]; until: number }
  >();

  constructor(options: TargetGuardOptions = {}) {
    this.allowPrivate = options.allowPrivateTargets ?? false;
    this.resolve = options.resolve ?? systemResolver;
    this.resolveTimeoutMs = options.resolveTimeoutMs ?? 5_000;
    this.cacheMs = options.cacheMs ?? 30_000;
  }

  /** The checked target, or an UnsafeTargetError saying why not. */
  async check(url: string | URL): Promise<CheckedTarget> {
    const parsed = parseTargetUrl(typeof url === 'string' ? url : url.href);
    const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = parseIpAddress(hostname);
    const addresses: readonly ResolvedAddress[] = literal
      ? [{ address: formatIpAddress(literal), family: literal.family }]
      : await this.resolveName(hostname);
    for (const { address } of addresses) {
      const addressClass = classifyAddress(address);
      if (!this.permitted(addressClass)) {
        const via = literal ? '' : `${hostname} resolves to `;
        throw new UnsafeTargetError(
          'refused_address',
          `url is not allowed: ${via}${address}, which is not a public address (${addressClass})`,
          { address, addressClass },
        );
      }
    }
    const [first] = addresses as [ResolvedAddress];
    return { url: parsed, hostname, address: first.address, family: first.family };
  }

  private permitted(addressClass: AddressClass): boolean {
    if (addressClass === 'public') return true;
    return this.allowPrivate && addressClass !== 'metadata';
  }

  private async resolveName(hostname: string): Promise<readonly ResolvedAddress[]> {
    const cached = this.cache.get(hostname);
    if (cached !== undefined && cached.until > Date.now()) return cached.addresses;
    const addresses = await this.resolveNow(hostname);
    if (this.cacheMs > 0) {
      this.cache.delete(hostname);
      this.cache.set(hostname, { addresses, until: Date.now() + this.cacheMs });
      if (this.cache.size > MAX_CACHED_NAMES) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
    }
    return addresses;
  }

  private async resolveNow(hostname: string): Promise<readonly ResolvedAddress[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new UnsafeTargetError('unresolvable', `${hostname} did not resolve in time`)),
        this.resolveTimeoutMs,
      );
    });
    try {
      const addresses = await Promise.race([this.resolve(hostname), timeout]);
      if (addresses.length === 0) throw new Error('no addresses');
      return addresses;
    } catch (error) {
      if (error instanceof UnsafeTargetError) throw error;
      throw new UnsafeTargetError('unresolvable', `${hostname} does not resolve to an address`);
    } finally {
      clearTimeout(timer);
    }
  }
}
