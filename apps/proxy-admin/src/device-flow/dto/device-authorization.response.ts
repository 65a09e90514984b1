import { DEVICE_TOKEN_ERRORS } from '../device-token-error';
import { ApiProperty } from '@nestjs/swagger';

/** RFC 8628 3.2. */
export class DeviceAuthorizationResponse {
  @ApiProperty({ description: 'Opaque polling secret (shown once)' }) device_code!: string;
  @ApiProperty({ example: 'BCDF-GHJK' }) user_code!: string;
  @ApiProperty() verification_uri!: string;
  @ApiProperty() verification_uri_complete!: string;
  @ApiProperty({ example: 600 }) expires_in!: number;
  @ApiProperty({ example: 5 }) interval!: number;
}

/** RFC 6749 5.1 as RFC 8628 3.5 uses it; the access token is an sk-proxy- key. */
export class DeviceTokenResponse {
  @ApiProperty({ example: 'sk-proxy-...' }) access_token!: string;
  @ApiProperty({ example: 'Bearer' }) token_type!: 'Bearer';
  @ApiProperty({ example: 2592000 }) expires_in!: number;
}

/** RFC 6749 5.2: HTTP 400 with one of RFC 8628's codes. */
export class DeviceTokenErrorResponse {
  @ApiProperty({ enum: DEVICE_TOKEN_ERRORS })
  error!: string;
  @ApiProperty() error_description!: string;
}
