import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { API_KEY_PRINCIPAL } from './api-key.guard';

/** The ApiKeyPrincipal that ApiKeyGuard authenticated (use on routes guarded by ApiKeyGuard). */
export const CurrentApiKey = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  API_KEY_PRINCIPAL.require(context.switchToHttp().getRequest<object>()),
);
