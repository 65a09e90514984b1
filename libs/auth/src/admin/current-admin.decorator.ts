import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ADMIN_PRINCIPAL } from './admin.guard';

/** The AdminPrincipal that AdminGuard authenticated (use on routes guarded by AdminGuard). */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  ADMIN_PRINCIPAL.require(context.switchToHttp().getRequest<object>()),
);
