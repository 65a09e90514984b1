import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { IdpConnectionsRepository } from '../idp-connections/idp-connections.repository';
import { emailDomain } from '../idp-connections/login-domain';
import { KeysService } from '../keys/keys.service';
import { DeviceAuthorization } from './device-authorization';
import { DeviceAuthorizationsRepository } from './device-authorizations.repository';
import { deviceCodeDigest, formatUserCode, newDeviceCode, newUserCode } from './device-codes';
import { DeviceFlowMetrics } from './device-flow.metrics';
import { DeviceRateLimiter } from './device-rate-limiter';
import { DeviceTokenError } from './device-token-error';
import {
  DeviceAuthorizationResponse,
  DeviceTokenResponse,
} from './dto/device-authorization.response';

export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
/** Seconds between polls at first (RFC 8628's default); slow_down adds 5 each time. */
const INITIAL_INTERVAL_SECONDS = 5;
/** A clash with a live user code is rare (2.6e10 codes); a few retries always end it. */
const USER_CODE_ATTEMPTS = 5;

export interface DeviceClient {
  ip: string;
  userAgent: string;
}

/** Starting device authorizations and answering their polls (RFC 8628 3.1-3.5). */
@Injectable()
export class DeviceAuthorizationService {
  private readonly logger = new Logger(DeviceAuthorizationService.name);
  private readonly verificationUri: string;

  constructor(
    private readonly authorizations: DeviceAuthorizationsRepository,
    private readonly connections: IdpConnectionsRepository,
    private readonly keys: KeysService,
    private readonly limiter: DeviceRateLimiter,
    private readonly metrics: DeviceFlowMetrics,
    @Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.verificationUri = `${config.SSO_CALLBACK_BASE_URL ?? ''}/oauth/device/verify`;
  }

  async start(email: string, client: DeviceClient): Promise<DeviceAuthorizationResponse> {
    await this.limiter.hit('code', client.ip);
    const domain = emailDomain(email);
    const connection =
      domain === undefined ? undefined : await this.connections.findByDomain(domain);
    if (connection === undefined || !connection.enabled) {
      const message = `No enabled identity-provider connection serves ${domain ?? 'this email'}`;
      throw ApiError.badRequest('invalid_request', message, [{ field: 'email', message }]);
    }
    const now = this.clock.now();
    await this.authorizations.purgeExpired(now);
    const deviceCode = newDeviceCode();
    const ttl = this.config.DEVICE_CODE_TTL_SECONDS;
    let created: DeviceAuthorization | undefined;
    for (let attempt = 0; created === undefined && attempt < USER_CODE_ATTEMPTS; attempt += 1) {
      created = await this.authorizations.insert({
        deviceCodeDigest: deviceCodeDigest(deviceCode),
        userCode: newUserCode(),
        idpConnectionId: connection.id,
        teamId: connection.teamId,
        email: email.toLowerCase(),
        intervalSeconds: INITIAL_INTERVAL_SECONDS,
        expiresAt: new Date(now.getTime() + ttl * 1000),
        clientIp: client.ip,
        userAgent: client.userAgent.slice(0, 512),
        createdAt: now,
      });
    }
    if (created === undefined) throw new Error('no free user code after several attempts');
    this.logger.log(
      {
        device_authorization_id: created.id,
        team_id: created.teamId,
        idp_connection_id: connection.id,
      },
      'device authorization started',
    );
    this.metrics.count('started');
    const userCode = formatUserCode(created.userCode);
    return {
      device_code: deviceCode,
      user_code: userCode,
      verification_uri: this.verificationUri,
      verification_uri_complete: `${this.verificationUri}?user_code=${userCode}`,
      expires_in: ttl,
      interval: INITIAL_INTERVAL_SECONDS,
    };
  }

  /** The token response once approved; a DeviceTokenError for every other state. */
  async poll(body: Record<string, unknown>): Promise<DeviceTokenResponse> {
    const grantType = body['grant_type'];
    const deviceCode = body['device_code'];
    if (typeof grantType !== 'string' || grantType === '')
      throw new DeviceTokenError('invalid_request', 'grant_type is required');
    if (grantType !== DEVICE_CODE_GRANT_TYPE)
      throw new DeviceTokenError(
        'unsupported_grant_type',
        `grant_type must be ${DEVICE_CODE_GRANT_TYPE}`,
      );
    if (typeof deviceCode !== 'string' || deviceCode === '' || deviceCode.length > 256)
      throw new DeviceTokenError('invalid_request', 'device_code is required');

    // The switch is an emergency brake too: approved codes get no key while it is off.
    if (!this.config.SSO_DEVICE_FLOW_ENABLED)
      throw new DeviceTokenError(
        'invalid_grant',
        'SSO key issuance is disabled on this deployment',
      );
    const now = this.clock.now();
    const polled = await this.authorizations.recordPoll(deviceCodeDigest(deviceCode), now);
    if (polled === undefined) throw new DeviceTokenError('invalid_grant', 'unknown device_code');
    const { authorization, tooFast } = polled;
    switch (authorization.status) {
      case 'issued':
        throw new DeviceTokenError('invalid_grant', 'this device_code was already used');
      case 'connection_removed':
        throw new DeviceTokenError('invalid_grant', 'identity provider connection removed');
    }
    if (authorization.idpConnectionId === null)
      throw new DeviceTokenError('invalid_grant', 'identity provider connection removed');
    if (now.getTime() >= authorization.expiresAt.getTime())
      throw new DeviceTokenError('expired_token', 'the device authorization expired; start again');
    if (authorization.status === 'denied')
      throw new DeviceTokenError('access_denied', 'the sign-in was denied');
    if (authorization.status === 'approved') return this.issue(authorization);
    if (tooFast)
      throw new DeviceTokenError(
        'slow_down',
        `polled faster than the interval; wait ${authorization.intervalSeconds} s between polls`,
      );
    throw new DeviceTokenError('authorization_pending', 'waiting for the sign-in to be approved');
  }

  private async issue(authorization: DeviceAuthorization): Promise<DeviceTokenResponse> {
    const ttl = this.config.DEVICE_KEY_TTL_SECONDS;
    const minted = await this.authorizations.issueOnce(authorization.id, async (runner) => {
      const created = await this.keys.mint(
        {
          alias: `sso:${authorization.email}`,
          team_id: authorization.teamId,
          expires_at: new Date(this.clock.nowMs() + ttl * 1000).toISOString(),
          metadata: {
            issued_via: 'sso_device_flow',
            idp_connection_id: authorization.idpConnectionId ?? '',
          },
        },
        runner,
      );
      return { keyId: created.id, key: created.key };
    });
    // A concurrent poll got the key first.
    if (minted === undefined)
      throw new DeviceTokenError('invalid_grant', 'this device_code was already used');
    this.logger.log(
      {
        device_authorization_id: authorization.id,
        key_id: minted.keyId,
        team_id: authorization.teamId,
      },
      'issued key through the device flow',
    );
    this.metrics.count('key_issued');
    return { access_token: minted.key, token_type: 'Bearer', expires_in: ttl };
  }
}
