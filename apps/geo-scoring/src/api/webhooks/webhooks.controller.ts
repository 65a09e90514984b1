import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiKeyGuard } from '../../platform/api-keys/api-key.guard';
import type { ApiKeyPrincipal } from '../../platform/api-keys/api-keys.service';
import { CurrentApiKey } from '../../platform/api-keys/current-api-key.decorator';
import { NoQueryParams } from '../../platform/api-policy/no-query-params.pipe';
import { CreateWebhookBody } from './dto/create-webhook.body';
import { UpdateWebhookBody } from './dto/update-webhook.body';
import { WebhookIdQuery } from './dto/webhook-id.query';
import {
  WebhookDeletedResponse,
  WebhookListItem,
  WebhookListResponse,
  WebhookResponse,
} from './dto/webhook.response';
import { WebhooksService } from './webhooks.service';

// No @EdgeCache: /api/v1 answers are per key, so they keep the default `private, no-store`.
@ApiTags('webhooks')
@ApiBearerAuth('api-key')
@UseGuards(ApiKeyGuard)
@ApiResponse({ status: 401, description: '`api_key_required` / `invalid_api_key`' })
@ApiResponse({ status: 429, description: '`rate_limited` (600/min per key)' })
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Subscribe an HTTPS endpoint to events',
    description:
      'Deliveries are HTTP POSTs of `{id, type, created_at, data}` with Standard Webhooks ' +
      'headers (`webhook-id` = the event id, the same on every retry; `webhook-signature` when ' +
      'a secret is set). 8 attempts over about 28 hours, then the delivery is dead.',
  })
  @ApiCreatedResponse({ type: WebhookResponse })
  @ApiResponse({
    status: 400,
    description: '`invalid_request`; `unsafe_url` (the URL leads to a private address)',
  })
  @ApiResponse({ status: 409, description: '`webhook_limit_reached` (25 per account)' })
  create(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Body() body: CreateWebhookBody,
  ): Promise<WebhookResponse> {
    return this.webhooks.create(principal.ownerId, body);
  }

  @Get()
  @ApiOperation({ summary: "The caller's webhooks, newest first, with delivery statistics" })
  @ApiOkResponse({ type: WebhookListResponse })
  async list(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Query(NoQueryParams) _query: Record<string, never>,
  ): Promise<WebhookListResponse> {
    return { webhooks: await this.webhooks.list(principal.ownerId) };
  }

  @Delete()
  @ApiOperation({ summary: 'Delete a webhook; its queued deliveries are dropped' })
  @ApiOkResponse({ type: WebhookDeletedResponse })
  @ApiResponse({ status: 400, description: '`invalid_request` (id missing or not wh_…)' })
  @ApiResponse({ status: 404, description: '`webhook_not_found`' })
  async remove(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Query() query: WebhookIdQuery,
  ): Promise<WebhookDeletedResponse> {
    await this.webhooks.remove(principal.ownerId, query.id);
    return { success: true };
  }

  @Patch()
  @ApiOperation({
    summary: 'Re-enable or disable a webhook, or change its events or URL',
    description: '`{active: true}` re-enables a webhook disabled by a 410 or by failures.',
  })
  @ApiOkResponse({ type: WebhookListItem })
  @ApiResponse({ status: 400, description: '`invalid_request`; `unsafe_url`' })
  @ApiResponse({ status: 404, description: '`webhook_not_found`' })
  update(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Query() query: WebhookIdQuery,
    @Body() body: UpdateWebhookBody,
  ): Promise<WebhookListItem> {
    return this.webhooks.update(principal.ownerId, query.id, body);
  }
}
