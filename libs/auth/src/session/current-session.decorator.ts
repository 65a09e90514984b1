import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { SESSION_CLAIMS } from './session.guard';

/**
 * The claims SessionGuard verified, e.g. `@CurrentSession() session: DashboardSession` (the
 * type's required claims are the ones the app's verifier requires).
 */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  SESSION_CLAIMS.require(context.switchToHttp().getRequest<object>()),
);
