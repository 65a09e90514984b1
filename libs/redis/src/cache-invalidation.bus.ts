import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/**
 * A message on the bus; `kind` names the cache, the other fields the entry
 * (see docs/decisions/0006-cache-invalidation-bus-with-epochs.md#decision).
 */
export interface InvalidationMessage {
  kind: string;
  [field: string]: string | number | boolean | null;
}

export type InvalidationEvent =
  | { type: 'message'; message: InvalidationMessage; epoch: number }
  /** Messages may have been missed: drop everything cached. */
  | { type: 'flush-all'; reason: 'epoch-gap' | 'missed-while-disconnected' | 'epoch-unknown' };

export type InvalidationListener = (event: InvalidationEvent) => void;

// Increments the epoch and publishes in one step, so epochs reach subscribers in order.
// The message JSON arrives without its closing brace's epoch; the script splices it in.
const PUBLISH_SCRIPT = `
local epoch = redis.call('INCR', KEYS[1])
local payload = string.sub(ARGV[1], 1, -2) .. ',"epoch":' .. epoch .. '}'
redis.call('PUBLISH', ARGV[2], payload)
return epoch`;

export interface CacheInvalidationBusOptions {
  /** Command connection with the service's key prefix (holds the epoch counter). */
  commands: Redis;
  /** A dedicated connection for SUBSCRIBE; the bus owns and closes it. */
  subscriber: Redis;
  /** Full channel name, e.g. `pa:cache-invalidate` (pub/sub channels are not key-prefixed). */
  channel: string;
}

/**
 * Fleet-wide cache invalidation over Redis pub/sub. Pub/sub is fire-and-forget, so every message
 * carries an epoch (a Redis counter); a replica that sees a jump, or finds the counter moved
 * while it was disconnected, drops everything instead of serving stale entries.
 */
export class CacheInvalidationBus {
  private readonly logger = new Logger('CacheInvalidationBus');
  private readonly listeners = new Set<InvalidationListener>();
  private readonly epochKey: string;
  private lastEpoch: number | undefined;
  /** Messages received so far; tells resubscribe() whether one overtook its GET. */
  private received = 0;
  private stopped = false;

  constructor(private readonly options: CacheInvalidationBusOptions) {
    this.epochKey = epochKeyOf(options.channel, options.commands);
  }

  /** Starts listening. Does not wait for Redis: a replica may boot while Redis is away. */
  start(): void {
    const { subscriber, channel } = this.options;
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) this.receive(payload);
    });
    // Subscribing again on every (re)connect, then reading the epoch, leaves no window in which
    // a message could be published unseen and the counter not show it.
    subscriber.on('ready', () => this.resubscribeLogged());
    if (subscriber.status === 'ready') this.resubscribeLogged();
  }

  /** Publishes to every replica (this one included) and returns the message's epoch. */
  publish(message: InvalidationMessage): Promise<number> {
    return publishInvalidation(this.options.commands, this.options.channel, message);
  }

  onInvalidation(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listeners.clear();
    this.options.subscriber.removeAllListeners('message');
    this.options.subscriber.removeAllListeners('ready');
    if (this.options.subscriber.status === 'ready') {
      await this.options.subscriber.quit().catch(() => this.options.subscriber.disconnect(false));
    } else {
      this.options.subscriber.disconnect(false);
    }
  }

  private resubscribeLogged(): void {
    this.resubscribe().catch((error: unknown) =>
      this.logger.warn(`resubscribe failed: ${String(error)}`),
    );
  }

  private async resubscribe(): Promise<void> {
    await this.options.subscriber.subscribe(this.options.channel);
    const receivedBefore = this.received;
    let current: number;
    try {
      current = Number((await this.options.commands.get(this.epochKey)) ?? 0);
    } catch (error) {
      if (this.lastEpoch !== undefined) this.emit({ type: 'flush-all', reason: 'epoch-unknown' });
      throw error;
    }
    if (this.stopped) return;
    // A message that arrived while the GET was in flight was already checked against the epoch
    // from before the reconnect (receive() flushes on a gap), and the GET's answer may predate it.
    if (this.received !== receivedBefore) return;
    // Any change while we were away means missed messages; a smaller counter means Redis lost
    // it (restart without persistence, flush), which hides how many were missed.
    if (this.lastEpoch !== undefined && current !== this.lastEpoch) {
      this.emit({ type: 'flush-all', reason: 'missed-while-disconnected' });
    }
    this.lastEpoch = current;
  }

  private receive(payload: string): void {
    const parsed = parseMessage(payload);
    if (!parsed) {
      this.logger.warn('ignored a malformed invalidation message');
      return;
    }
    const { message, epoch } = parsed;
    this.received += 1;
    // One connection delivers in publish order: anything but the next epoch means a gap (or a
    // counter that was reset).
    if (this.lastEpoch !== undefined && (epoch > this.lastEpoch + 1 || epoch < this.lastEpoch)) {
      this.emit({ type: 'flush-all', reason: 'epoch-gap' });
    }
    this.lastEpoch = epoch;
    this.emit({ type: 'message', message, epoch });
  }

  private emit(event: InvalidationEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error(`invalidation listener failed: ${String(error)}`);
      }
    }
  }
}

function parseMessage(
  payload: string,
): { message: InvalidationMessage; epoch: number } | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const { epoch, ...rest } = value;
    if (typeof rest['kind'] !== 'string' || typeof epoch !== 'number' || !Number.isInteger(epoch))
      return undefined;
    return { message: rest as InvalidationMessage, epoch };
  } catch {
    return undefined;
  }
}

/**
 * The channel's epoch counter, as a key of the prefixed command connection: the channel name
 * already carries the prefix, which the connection adds again to every key.
 */
function epochKeyOf(channel: string, commands: Redis): string {
  const prefix = commands.options.keyPrefix ?? '';
  const unprefixed = prefix && channel.startsWith(prefix) ? channel.slice(prefix.length) : channel;
  return `${unprefixed}:epoch`;
}

/**
 * Publishes one invalidation on `channel` with the next epoch, from any command connection with
 * the service's key prefix: a replica's bus, or an operator command that changed data the
 * replicas cache and has no bus of its own.
 */
export async function publishInvalidation(
  commands: Redis,
  channel: string,
  message: InvalidationMessage,
): Promise<number> {
  if (typeof message.kind !== 'string' || message.kind === '' || 'epoch' in message) {
    throw new Error('an invalidation message needs a kind and must not carry its own epoch');
  }
  const epoch = await commands.eval(
    PUBLISH_SCRIPT,
    1,
    epochKeyOf(channel, commands),
    JSON.stringify(message),
    channel,
  );
  return Number(epoch);
}
