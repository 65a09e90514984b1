import type { LookupAddress, LookupOptions } from 'node:dns';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import type { CheckedTarget } from './target-guard';

export interface PinnedAgentsOptions {
  /**
   * Certificate authorities trusted beside Node's bundled roots (a private PKI, a test CA). Note
   * that giving any replaces the roots added by NODE_EXTRA_CA_CERTS for these connections.
   */
  ca?: readonly string[];
  /** Distinct (origin, address) pairs kept with open connections; the least recent is closed. */
  maxAgents?: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs?: number;
  /** TCP and TLS connect timeout. */
  connectTimeoutMs?: number;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * HTTP dispatchers whose every connection goes to the address the guard checked: the socket's
 * host-name lookup is replaced by one that answers that address, while TLS still verifies the
 * certificate against the host name. A later DNS answer (rebinding) cannot move the connection.
 * One undici Agent per (origin, checked address), so keep-alive connections are reused between
 * deliveries to the same endpoint; when the name resolves elsewhere, a new agent is used.
 */
export class PinnedAgents {
  private readonly agents = new Map<string, Agent>();
  /** Built once per set of CAs: parsing every root certificate per connection costs ~30 ms. */
  private secureContext: SecureContext | undefined;
  private readonly maxAgents: number;
  private readonly keepAliveTimeoutMs: number;
  private readonly connectTimeoutMs: number;

  constructor(options: PinnedAgentsOptions = {}) {
    this.secureContext = secureContextFor(options.ca ?? []);
    this.maxAgents = options.maxAgents ?? 256;
    this.keepAliveTimeoutMs = options.keepAliveTimeoutMs ?? 4_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  }

  /** The dispatcher for a checked target (shared with other requests to the same pair). */
  dispatcherFor(target: CheckedTarget): Dispatcher {
    const key = `${target.url.origin} ${target.address}`;
    const existing = this.agents.get(key);
    if (existing) {
      // Map order is insertion order: re-inserting keeps the most recent last.
      this.agents.delete(key);
      this.agents.set(key, existing);
      return existing;
    }
    const agent = new Agent({
      keepAliveTimeout: this.keepAliveTimeoutMs,
      connect: {
        timeout: this.connectTimeoutMs,
        lookup: pinnedLookup(target.address, target.family),
        ...(this.secureContext === undefined ? {} : { secureContext: this.secureContext }),
      },
    });
    this.agents.set(key, agent);
    if (this.agents.size > this.maxAgents) {
      const [oldestKey, oldest] = this.agents.entries().next().value as [string, Agent];
      this.agents.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
    return agent;
  }

  /**
   * Trusts these certificate authorities (PEM) from now on, beside Node's bundled roots; open
   * connections are closed. For a private PKI, and for tests whose receiver has a test CA (an
   * in-process service cannot take NODE_EXTRA_CA_CERTS, which Node reads only at start).
   */
  trustCertificateAuthorities(pems: readonly string[]): void {
    this.secureContext = secureContextFor(pems);
    void this.closeAgents();
  }

  async close(): Promise<void> {
    await this.closeAgents();
  }

  private async closeAgents(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.allSettled(agents.map((agent) => agent.close()));
  }
}

/** Node's bundled roots plus `ca`; undefined (Node's default context) without extra CAs. */
function secureContextFor(ca: readonly string[]): SecureContext | undefined {
  return ca.length === 0 ? undefined : createSecureContext({ ca: [...rootCertificates, ...ca] });
}

/** A socket lookup that answers the checked address whatever name it is asked about. */
function pinnedLookup(address: string, family: 4 | 6) {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
