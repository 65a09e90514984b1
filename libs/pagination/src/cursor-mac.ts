import { createHmac } from 'node:crypto';

/** Bytes of HMAC-SHA256 kept in a cursor: 128 bits is ample against forgery and keeps URLs short. */
export const CURSOR_MAC_BYTES = 16;

/**
 * MAC of one cursor payload, bound to its scope. The scope is length-prefixed so that no
 * (scope, payload) pair can collide with another one by moving characters across the boundary,
 * and the version tag lets a future format change invalidate old cursors cleanly.
 */
export function computeCursorMac(secret: string, scope: string, payloadText: string): string {
  return createHmac('sha256', secret)
    .update(`cursor.v1:${Buffer.byteLength(scope, 'utf8')}:${scope}:`, 'utf8')
    .update(payloadText, 'utf8')
    .digest()
    .subarray(0, CURSOR_MAC_BYTES)
    .toString('base64url');
}
