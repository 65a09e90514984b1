import { CanActivate, ExecutionContext } from '@nestjs/common';
import type { ApiError } from '@platform/http';
import type { Request } from 'express';
import { malformedAuthorization, missingAuthorization } from '../auth-errors';
import { extractBearerToken } from '../bearer/bearer-token';
import { PrincipalSlot } from './principal-slot';

/**
 * Base of every bearer-credential guard: find the token, let the subclass authenticate it, keep
 * the principal on the request, then let the subclass authorize the route. Failures are thrown as
 * ApiError, so each service's error filter renders them in its own body shape.
 */
export abstract class BearerTokenGuard<P> implements CanActivate {
  /** Where the principal is stored for handlers (see the matching param decorator). */
  protected abstract readonly slot: PrincipalSlot<P>;

  /** Turns a token into a principal; throws ApiError (401) when it is not accepted. */
  protected abstract authenticate(token: string, request: Request): P | Promise<P>;

  /** Route-level checks once authenticated; throws ApiError (403) when refused. */
  protected authorize(_principal: P, _request: Request, _context: ExecutionContext): void {
    // Authentication alone is enough unless a subclass says otherwise.
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') {
      throw new Error(`${this.constructor.name} only guards HTTP routes`);
    }
    const request = context.switchToHttp().getRequest<Request>();
    const token = this.extractToken(request);
    const principal = await this.authenticate(token, request);
    this.slot.set(request, principal);
    this.authorize(principal, request, context);
    return true;
  }

  /** The credential of the request; by default `Authorization: Bearer <token>`. */
  protected extractToken(request: Request): string {
    const header = request.headers.authorization;
    if (header === undefined || header === '') throw this.missingCredentials();
    const token = extractBearerToken(header);
    if (token === undefined) throw this.malformedCredentials();
    return token;
  }

  protected missingCredentials(): ApiError {
    return missingAuthorization();
  }

  protected malformedCredentials(): ApiError {
    return malformedAuthorization();
  }
}
