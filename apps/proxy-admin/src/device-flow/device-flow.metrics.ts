import { Inject, Injectable } from '@nestjs/common';
import { AppMetrics } from '@platform/http';
import { Counter } from 'prom-client';

/** What on-call watches of the device flow: a burst of refusals is an attack or a broken IdP. */
export type DeviceFlowEvent =
  | 'started'
  | 'sign_in_verified'
  | 'sign_in_refused'
  | 'approved'
  | 'denied'
  | 'key_issued'
  | 'rate_limited';

@Injectable()
export class DeviceFlowMetrics {
  private readonly events: Counter<'event'>;

  constructor(@Inject(AppMetrics) metrics: AppMetrics) {
    this.events = new Counter({
      name: 'proxy_device_flow_events_total',
      help: 'SSO device-flow events: starts, sign-ins verified or refused, decisions, keys issued, limits hit',
      labelNames: ['event'],
      registers: [metrics.registry],
    });
  }

  count(event: DeviceFlowEvent): void {
    this.events.inc({ event });
  }
}
