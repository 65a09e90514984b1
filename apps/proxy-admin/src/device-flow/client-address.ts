import type { Request } from 'express';

/** The client address limits count and pages show (`req.ip` honours TRUST_PROXY_HOPS). */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
