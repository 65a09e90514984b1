import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../../platform/api-keys/api-keys.module';
import { PortfolioEventsModule } from '../../pipeline/webhooks/portfolio-events.module';
import { WebhookDeliveryModule } from '../../pipeline/webhooks/webhook-delivery.module';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * /api/v1/webhooks (see docs/geo-scoring/webhooks.md), API-key authenticated. Also brings the
 * portfolio events into the app (a global listener of portfolio refreshes).
 */
@Module({
  imports: [ApiKeysModule, WebhookDeliveryModule, PortfolioEventsModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService],
})
export class WebhooksModule {}
