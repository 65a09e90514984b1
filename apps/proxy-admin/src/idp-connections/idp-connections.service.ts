import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { SecretDecryptionError, UnknownSecretKeyError } from '@platform/secrets';
import { randomInt } from 'node:crypto';
import type { ServerMetadata } from 'openid-client';
import { IdpDiscoveryError, OidcClient } from '../oidc/oidc-client';
import { ClientSecretVault } from './client-secret.vault';
import { CreateIdpConnectionDto } from './dto/create-idp-connection.dto';
import {
  IdpConnectionDeletedResponse,
  IdpConnectionListResponse,
  IdpConnectionResponse,
  toIdpConnectionResponse,
} from './dto/idp-connection.response';
import { UpdateIdpConnectionDto } from './dto/update-idp-connection.dto';
import type { IdpConnection } from './idp-connection';
import { IdpConnectionChanges, IdpConnectionsRepository } from './idp-connections.repository';
import { normaliseLoginDomain } from './login-domain';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

@Injectable()
export class IdpConnectionsService {
  private readonly logger = new Logger(IdpConnectionsService.name);
  private readonly redirectUri: string | null;

  constructor(
    private readonly connections: IdpConnectionsRepository,
    private readonly vault: ClientSecretVault,
    private readonly oidc: OidcClient,
    @Inject(ProxyAdminConfig) config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.redirectUri =
      config.SSO_CALLBACK_BASE_URL === undefined
        ? null
        : `${config.SSO_CALLBACK_BASE_URL}/oauth/device/callback`;
  }

  async create(input: CreateIdpConnectionDto): Promise<IdpConnectionResponse> {
    const loginDomain = normaliseLoginDomain(input.login_domain);
    if (loginDomain === undefined) {
      const message = 'login_domain must be a host name with a dot (e.g. acme.com), no scheme';
      throw ApiError.badRequest('invalid_request', message, [{ field: 'login_domain', message }]);
    }
    // Cheap refusal before any network call; the insert below settles races.
    await this.refuseTakenDomain(loginDomain, input.team_id);
    const metadata = await this.discover(input.issuer);
    const id = newConnectionId();
    const sealed = this.vault.seal(id, input.client_secret);
    const insert = () =>
      this.connections.insert(
        {
          id,
          teamId: input.team_id,
          provider: input.provider,
          loginDomain,
          // As the issuer names itself (openid-client forgives a trailing slash): one spelling.
          issuer: metadata.issuer,
          clientId: input.client_id,
          clientSecretCiphertext: sealed.ciphertext,
          clientSecretKeyId: sealed.keyId,
          discovery: metadata,
          discoveredAt: this.clock.now(),
        },
        this.clock.now(),
      );
    // A conflicting row may be deleted between the insert and the lookup: then insert again.
    let connection = await insert();
    if (connection === undefined) {
      await this.refuseTakenDomain(loginDomain, input.team_id);
      connection = await insert();
    }
    if (connection === undefined)
      throw new ApiError(
        409,
        'login_domain_taken',
        `${loginDomain} is being registered concurrently`,
      );
    this.logger.log(
      { idp_connection_id: id, team_id: input.team_id, login_domain: loginDomain },
      'created IdP connection',
    );
    return toIdpConnectionResponse(connection, this.redirectUri);
  }

  async list(teamId: string | undefined): Promise<IdpConnectionListResponse> {
    const rows = await this.connections.list(teamId);
    return { data: rows.map((row) => toIdpConnectionResponse(row, this.redirectUri)) };
  }

  async update(
    id: string,
    teamId: string,
    input: UpdateIdpConnectionDto,
  ): Promise<IdpConnectionResponse> {
    for (const field of ['provider', 'login_domain'] as const) {
      if (input[field] !== undefined) {
        const message = `${field} cannot be changed; delete the connection and create it again`;
        throw new ApiError(400, 'immutable_field', message, { details: [{ field, message }] });
      }
    }
    const existing = await this.connections.findForTeam(id, teamId);
    if (existing === undefined) throw notFound(id);
    const changes: IdpConnectionChanges = { clientId: input.client_id, enabled: input.enabled };
    if (input.issuer !== undefined && input.issuer !== existing.issuer) {
      changes.discovery = await this.discover(input.issuer);
      changes.issuer = changes.discovery.issuer;
      changes.discoveredAt = this.clock.now();
    }
    if (input.client_secret !== undefined) {
      const sealed = this.vault.seal(id, input.client_secret);
      changes.clientSecretCiphertext = sealed.ciphertext;
      changes.clientSecretKeyId = sealed.keyId;
    }
    const updated = await this.connections.update(id, teamId, changes, this.clock.now());
    if (updated === undefined) throw notFound(id);
    this.logger.log(
      { idp_connection_id: id, team_id: teamId, changed: Object.keys(input) },
      'updated IdP connection',
    );
    return toIdpConnectionResponse(updated, this.redirectUri);
  }

  async delete(id: string, teamId: string): Promise<IdpConnectionDeletedResponse> {
    if (!(await this.connections.delete(id, teamId))) throw notFound(id);
    this.logger.log({ idp_connection_id: id, team_id: teamId }, 'deleted IdP connection');
    return { id, deleted: true };
  }

  /**
   * An enabled connection with its client secret opened, for a sign-in; undefined when it is gone
   * or disabled, 503 idp_secret_unavailable when its secret no longer opens.
   */
  async forSignIn(connectionId: string): Promise<
    | {
        connection: IdpConnection;
        clientSecret: string;
      }
    | undefined
  > {
    const connection = await this.connections.findById(connectionId);
    if (connection === undefined || !connection.enabled) return undefined;
    try {
      const clientSecret = this.vault.open(connection.id, {
        keyId: connection.clientSecretKeyId,
        ciphertext: connection.clientSecretCiphertext,
      });
      return { connection, clientSecret };
    } catch (error) {
      if (!(error instanceof UnknownSecretKeyError || error instanceof SecretDecryptionError))
        throw error;
      // A key dropped from SECRETS_ENCRYPTION_PREVIOUS_KEYS too early: operators must see it.
      this.logger.error(
        { idp_connection_id: connection.id, key_id: connection.clientSecretKeyId, err: error },
        'IdP client secret cannot be decrypted; re-enter it with PATCH',
      );
      throw new ApiError(
        503,
        'idp_secret_unavailable',
        'Sign-in through this identity provider is unavailable; ask an operator to re-enter its client secret',
      );
    }
  }

  private async refuseTakenDomain(loginDomain: string, teamId: string): Promise<void> {
    const owner = await this.connections.findByDomain(loginDomain);
    if (owner === undefined) return;
    if (owner.teamId === teamId)
      throw new ApiError(
        409,
        'idp_config_exists',
        `Team ${teamId} already has a connection for ${loginDomain}`,
      );
    throw new ApiError(409, 'login_domain_taken', `${loginDomain} is registered to another team`);
  }

  private async discover(issuer: string): Promise<ServerMetadata> {
    if (!issuer.startsWith('https://')) {
      const message = 'issuer must be an https:// URL';
      throw ApiError.badRequest('invalid_request', message, [{ field: 'issuer', message }]);
    }
    try {
      return await this.oidc.discover(issuer);
    } catch (error) {
      if (error instanceof IdpDiscoveryError)
        throw ApiError.badRequest('issuer_discovery_failed', error.message, [
          { field: 'issuer', message: error.message },
        ]);
      throw error;
    }
  }
}

function notFound(id: string): ApiError {
  return ApiError.notFound('idp_config_not_found', `No IdP connection ${id} for this team`);
}

/** `idp_` + 20 random characters of [a-z0-9] (~103 bits). */
function newConnectionId(): string {
  let id = 'idp_';
  for (let i = 0; i < 20; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}
