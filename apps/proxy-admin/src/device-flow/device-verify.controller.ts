import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { readCookie } from '@platform/auth';
import { ApiError } from '@platform/http';
import type { Request, Response } from 'express';
import { clientAddress } from './client-address';
import { SsoEnabledGuard } from '../idp-connections/sso-enabled.guard';
import { DeviceDecisionService } from './device-decision.service';
import { BrowserContext, BrowserOutcome, DeviceSignInService } from './device-sign-in.service';
import { VerifyDecisionRequest, VerifyDecisionResponse } from './dto/verify-decision.request';
import { BINDING_COOKIE, SESSION_COOKIE } from './verify-cookies';
import { messagePage, pageHeaders } from './verify-page';
import { VerifySubmissionGuard } from './verify-submission.guard';

/** The browser side of the device flow: the verify page, the IdP callback, the decision. */
@ApiTags('device flow')
@UseGuards(SsoEnabledGuard)
@Controller('oauth/device')
export class DeviceVerifyController {
  constructor(
    private readonly signIn: DeviceSignInService,
    private readonly decisions: DeviceDecisionService,
  ) {}

  @Get('verify')
  @ApiOperation({ summary: 'HTML: enter or confirm a user code, sign in, approve or deny' })
  async page(
    @Query('user_code') userCode: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    send(response, await asPage(() => this.signIn.verify(userCode, browserOf(request))));
  }

  @Get('callback')
  @ApiExcludeEndpoint()
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    const query = request.query as Record<string, unknown>;
    send(
      response,
      await asPage(() => this.signIn.callback(query, request.originalUrl, browserOf(request))),
    );
  }

  @Post('verify')
  @HttpCode(200)
  @UseGuards(VerifySubmissionGuard)
  @ApiOperation({ summary: 'Approve or deny (same-origin JSON from the verify page, signed in)' })
  @ApiOkResponse({ type: VerifyDecisionResponse })
  async decide(
    @Body() body: VerifyDecisionRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VerifyDecisionResponse> {
    const result = await this.decisions.decide(body, browserOf(request));
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Set-Cookie', result.setCookies);
    return result.body;
  }
}

function browserOf(request: Request): BrowserContext {
  return {
    ip: clientAddress(request),
    bindingCookie: readCookie(request.headers.cookie, BINDING_COOKIE),
    sessionCookie: readCookie(request.headers.cookie, SESSION_COOKIE),
  };
}

/** A page for a refusal (e.g. 429, 503) on the HTML routes, instead of a JSON error body. */
async function asPage(run: () => Promise<BrowserOutcome>): Promise<BrowserOutcome> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status >= 500 && error.status !== 503)) throw error;
    const title = error.status === 429 ? 'Too many attempts' : 'Cannot continue';
    return { page: messagePage(error.status, title, error.message, error.headers), setCookies: [] };
  }
}

function send(response: Response, outcome: BrowserOutcome): void {
  if (outcome.setCookies.length > 0) response.setHeader('Set-Cookie', outcome.setCookies);
  if ('redirect' in outcome) {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.redirect(303, outcome.redirect);
    return;
  }
  response.status(outcome.page.status).set(pageHeaders(outcome.page)).send(outcome.page.html);
}
