import { Body, Controller, HttpCode, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { HttpErrorFilter } from '@platform/http';
import type { Request, Response } from 'express';
import { clientAddress } from './client-address';
import { SsoEnabledGuard } from '../idp-connections/sso-enabled.guard';
import { DeviceAuthorizationService } from './device-authorization.service';
import { oauthErrorBody } from './device-token-error';
import {
  DeviceAuthorizationResponse,
  DeviceTokenErrorResponse,
  DeviceTokenResponse,
} from './dto/device-authorization.response';
import { DeviceCodeRequest } from './dto/device-code.request';

/** RFC 8628's two machine endpoints: start an authorization, then poll it for the key. */
@ApiTags('device flow')
@Controller('oauth/device')
export class DeviceFlowController {
  constructor(private readonly devices: DeviceAuthorizationService) {}

  @Post('code')
  @HttpCode(200)
  @UseGuards(SsoEnabledGuard)
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'Start a device authorization for an employee email (public)' })
  @ApiOkResponse({ type: DeviceAuthorizationResponse })
  async start(
    @Body() body: DeviceCodeRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DeviceAuthorizationResponse> {
    response.setHeader('Cache-Control', 'no-store');
    return this.devices.start(body.email, {
      ip: clientAddress(request),
      userAgent: request.headers['user-agent'] ?? '',
    });
  }

  @Post('token')
  @HttpCode(200)
  @UseFilters(new HttpErrorFilter(oauthErrorBody))
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({
    summary: 'Poll with device_code: the key once approved, otherwise an RFC 8628 error (400)',
  })
  @ApiOkResponse({ type: DeviceTokenResponse })
  @ApiBadRequestResponse({ type: DeviceTokenErrorResponse })
  async poll(
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DeviceTokenResponse> {
    response.setHeader('Cache-Control', 'no-store');
    return this.devices.poll(isRecord(body) ? body : {});
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
