/** Where a device authorization stands (RFC 8628 states plus ours). */
export type DeviceAuthorizationStatus =
  | 'pending'
  | 'approved'
  | 'denied'
  /** The key was minted and returned once; the code is used up. */
  | 'issued'
  /** Its IdP connection was deleted: polls answer invalid_grant. */
  | 'connection_removed';

export interface DeviceAuthorization {
  id: string;
  userCode: string;
  idpConnectionId: string | null;
  teamId: string;
  email: string;
  status: DeviceAuthorizationStatus;
  intervalSeconds: number;
  lastPolledAt: Date | null;
  expiresAt: Date;
  clientIp: string;
  userAgent: string;
  createdAt: Date;
}
