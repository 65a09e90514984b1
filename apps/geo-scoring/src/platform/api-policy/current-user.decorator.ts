import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { SESSION_CLAIMS } from '@platform/auth';

/**
 * The signed-in user's id (the session JWT `sub`) on routes guarded by DashboardSessionGuard;
 * every dashboard row is owned by it.
 */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const claims = SESSION_CLAIMS.require(context.switchToHttp().getRequest<object>());
  if (claims.sub === undefined) throw new Error('session verified without a sub claim');
  return claims.sub;
});
