import type { ServerMetadata } from 'openid-client';

export const IDP_PROVIDERS = ['google_workspace', 'okta'] as const;
export type IdpProvider = (typeof IDP_PROVIDERS)[number];

/** One identity-provider connection as the service sees it (the secret stays sealed). */
export interface IdpConnection {
  id: string;
  teamId: string;
  provider: IdpProvider;
  loginDomain: string;
  issuer: string;
  clientId: string;
  clientSecretCiphertext: Buffer;
  clientSecretKeyId: string;
  enabled: boolean;
  discovery: ServerMetadata;
  discoveredAt: Date;
  createdAt: Date;
  updatedAt: Date;
}
