import { Body, Controller, Delete, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../../platform/api-policy/current-user.decorator';
import { DashboardRoutes } from '../../platform/api-policy/dashboard-routes.decorator';
import { NoQueryParams } from '../../platform/api-policy/no-query-params.pipe';
import { SessionRateLimit } from '../../platform/api-policy/session-rate-limit.decorator';
import { MemberBody, MembersBulkBody } from './dto/member.body';
import { MemberIdQuery } from './dto/member-id.query';
import { MembersAdded } from './dto/monitored-location.response';
import { UploadResult } from './dto/upload.response';
import { MemberInput, MembersBodyPipe } from './members-body.pipe';
import { PortfolioMembersService } from './portfolio-members.service';
import { uploadedCsv } from './upload/upload-body';
import { PortfolioUploadService } from './upload/portfolio-upload.service';

const NOT_FOUND = '`portfolio_not_found` (unknown, malformed or another user’s id)';

@DashboardRoutes()
@ApiExtraModels(MemberBody, MembersBulkBody)
@Controller('api/portfolios/:id')
export class PortfolioMembersController {
  constructor(
    private readonly members: PortfolioMembersService,
    private readonly uploads: PortfolioUploadService,
  ) {}

  @Post('members')
  @ApiOperation({
    summary: 'Add one member, or up to 500 at once (all or nothing)',
    description: 'Each member’s h3_index is its point’s resolution-8 cell; last_score starts null.',
  })
  @ApiBody({
    schema: {
      oneOf: [{ $ref: getSchemaPath(MemberBody) }, { $ref: getSchemaPath(MembersBulkBody) }],
    },
  })
  @ApiCreatedResponse({ type: MembersAdded })
  @ApiResponse({
    status: 400,
    description:
      '`invalid_request` (details name each field, e.g. `members[3].lat`); `too_many_rows`',
  })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  @ApiResponse({ status: 409, description: '`portfolio_full` (5,000 members)' })
  add(
    @CurrentUser() userId: string,
    @Param('id') id: string,
    @Query(NoQueryParams) _query: Record<string, never>,
    @Body(MembersBodyPipe) members: MemberInput[],
  ): Promise<MembersAdded> {
    return this.members.add(userId, id, members);
  }

  @Delete('members')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove one member' })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiResponse({ status: 404, description: `${NOT_FOUND}; \`member_not_found\`` })
  remove(
    @CurrentUser() userId: string,
    @Param('id') id: string,
    @Query() query: MemberIdQuery,
  ): Promise<{ success: true }> {
    return this.members.remove(userId, id, query.member_id);
  }

  @Post('upload')
  @HttpCode(200)
  @SessionRateLimit('upload')
  @ApiOperation({
    summary: 'Add members from a CSV (coordinates or addresses to geocode), up to 500 rows',
    description:
      'Row 1 is the header: lat,lng (or latitude,longitude) inserts the points; otherwise an ' +
      'address column is geocoded (4 at once, 6 s per row, 50 s in all). Optional name column. ' +
      'Each row answers inserted, invalid or geocode_failed with a reason. Body at most 2 MB.',
  })
  @ApiConsumes('text/csv', 'application/json')
  @ApiBody({
    schema: {
      oneOf: [
        { type: 'string', example: 'name,lat,lng\nStore 1,30.2672,-97.7431' },
        { type: 'object', properties: { csv: { type: 'string' } }, required: ['csv'] },
      ],
    },
  })
  @ApiOkResponse({ type: UploadResult })
  @ApiResponse({
    status: 400,
    description: '`invalid_csv` (unreadable, or no usable header); `too_many_rows` (over 500)',
  })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  @ApiResponse({ status: 409, description: '`portfolio_full`' })
  @ApiResponse({ status: 413, description: '`payload_too_large` (over 2 MB)' })
  @ApiResponse({ status: 415, description: '`unsupported_media_type`' })
  @ApiResponse({ status: 429, description: '`rate_limited` (6 uploads per minute per user)' })
  upload(
    @CurrentUser() userId: string,
    @Param('id') id: string,
    @Query(NoQueryParams) _query: Record<string, never>,
    @Req() request: Request,
  ): Promise<UploadResult> {
    return this.uploads.upload(userId, id, uploadedCsv(request));
  }
}
