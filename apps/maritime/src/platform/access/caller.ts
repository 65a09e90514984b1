import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { planLimits, type Access, type PlanLimits } from '@platform/maritime-domain';
import type { Request } from 'express';
import type { ApiKeyRecord } from '../api-keys/api-key';
import type { RateDecision } from './sliding-window.limiter';

/** Who is calling, resolved once per request by the access middleware. */
export interface Caller {
  key: ApiKeyRecord | null;
  /** The key's plan, or `anonymous`. */
  access: Access;
  limits: PlanLimits;
  ip: string;
  /** This request's rate-limit decision (what the X-RateLimit-* headers say). */
  rate: RateDecision;
}

const CALLER = Symbol('maritime.caller');

type WithCaller = Request & { [CALLER]?: Caller };

export function setCaller(request: Request, caller: Caller): void {
  (request as WithCaller)[CALLER] = caller;
}

export function callerOf(request: Request): Caller {
  return (
    (request as WithCaller)[CALLER] ?? {
      key: null,
      access: 'anonymous',
      limits: planLimits('anonymous'),
      ip: request.ip ?? '',
      rate: { allowed: true, limit: 0, remaining: 0, resetEpochSeconds: 0, failedOpen: false },
    }
  );
}

/** The request's Caller as a handler parameter. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller =>
    callerOf(context.switchToHttp().getRequest<Request>()),
);
