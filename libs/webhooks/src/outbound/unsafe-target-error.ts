import type { AddressClass } from './address-policy';

/**
 * Why an outbound URL is refused:
 * - `invalid_url`, `not_https`, `credentials_in_url`, `url_too_long`: the text itself;
 * - `unresolvable`: its host has no address (or did not answer in time);
 * - `refused_address`: its host is, or resolves to, an address we never call.
 */
export type UnsafeTargetReason =
  | 'invalid_url'
  | 'not_https'
  | 'credentials_in_url'
  | 'url_too_long'
  | 'unresolvable'
  | 'refused_address';

/** Thrown by the outbound guard; the message is safe to show to the URL's owner. */
export class UnsafeTargetError extends Error {
  constructor(
    readonly reason: UnsafeTargetReason,
    message: string,
    /** For `refused_address`: the address and what it is. */
    readonly refused?: { address: string; addressClass: AddressClass },
  ) {
    super(message);
    this.name = 'UnsafeTargetError';
  }

  /** A syntax problem of the URL text, as opposed to where it leads. */
  get isMalformed(): boolean {
    return this.reason !== 'refused_address' && this.reason !== 'unresolvable';
  }
}
