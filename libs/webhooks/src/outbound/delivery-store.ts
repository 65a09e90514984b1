import type { WebhookSecret } from '../webhook-secret';
import type { AttemptResult, DeliveryDecision } from './attempt-result';

/** A delivery that still needs an attempt, as a service's store loads it. */
export interface PendingDelivery {
  deliveryId: string;
  /** Attempts already made within the current budget of 8 (0 when new or just replayed). */
  attemptsMade: number;
  endpoint: {
    url: string;
    /** Null: send unsigned. */
    secret: WebhookSecret | null;
    /** False once the endpoint was disabled or removed: the delivery is canceled unsent. */
    active: boolean;
  };
  message: {
    /** The `webhook-id` header: stable across retries and endpoints. */
    id: string;
    /** The exact body, identical on every attempt. */
    body: string;
  };
}

/** One attempt as it is recorded, numbered within the delivery's current budget. */
export interface AttemptRecord extends AttemptResult {
  attempt: number;
}

/**
 * Where a service keeps its deliveries. The runner is generic over it, so each service keeps its
 * own tables (geo-scoring's webhook deliveries, maritime's alert deliveries) and the delivery
 * rules stay in one place.
 */
export interface DeliveryStore<D extends PendingDelivery = PendingDelivery> {
  /** The delivery if it still needs an attempt (pending or retrying); null otherwise. */
  load(deliveryId: string): Promise<D | null>;
  /**
   * Stores the attempt row and the delivery's next state together (one transaction), including
   * the endpoint's side effects: disabled on 410, failure counters.
   */
  record(delivery: D, attempt: AttemptRecord, decision: DeliveryDecision): Promise<void>;
  /** The endpoint is no longer active: the delivery ends `canceled` without an attempt. */
  cancel(delivery: D): Promise<void>;
}
