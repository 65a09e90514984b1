import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IDP_PROVIDERS, type IdpConnection, type IdpProvider } from '../idp-connection';

export class IdpConnectionResponse {
  @ApiProperty({ example: 'idp_3k9w2m1q8z7x6c5v4b3n' }) id!: string;
  @ApiProperty() team_id!: string;
  @ApiProperty({ enum: IDP_PROVIDERS }) provider!: IdpProvider;
  @ApiProperty() login_domain!: string;
  @ApiProperty() issuer!: string;
  @ApiProperty() client_id!: string;
  @ApiProperty({ description: 'Always true: the secret is stored, never shown' })
  client_secret_set!: true;
  @ApiProperty() enabled!: boolean;
  @ApiPropertyOptional({
    description: 'Redirect URI to register in the IdP app (null until SSO_CALLBACK_BASE_URL)',
    nullable: true,
    type: String,
  })
  redirect_uri!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class IdpConnectionListResponse {
  @ApiProperty({ type: [IdpConnectionResponse] }) data!: IdpConnectionResponse[];
}

export class IdpConnectionDeletedResponse {
  @ApiProperty() id!: string;
  @ApiProperty() deleted!: true;
}

export function toIdpConnectionResponse(
  connection: IdpConnection,
  redirectUri: string | null,
): IdpConnectionResponse {
  return {
    id: connection.id,
    team_id: connection.teamId,
    provider: connection.provider,
    login_domain: connection.loginDomain,
    issuer: connection.issuer,
    client_id: connection.clientId,
    client_secret_set: true,
    enabled: connection.enabled,
    redirect_uri: redirectUri,
    created_at: connection.createdAt.toISOString(),
    updated_at: connection.updatedAt.toISOString(),
  };
}
