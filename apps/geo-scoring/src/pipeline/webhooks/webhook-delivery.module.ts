import { Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { SecretBox } from '@platform/secrets';
import { OutboxSweepRepository } from './outbox-sweep.repository';
import { WebhookDeliveryStore } from './webhook-delivery.store';
import { WebhookOutbound } from './webhook-outbound';

/**
 * What creating and delivering webhooks needs in the app: the secrets box (SECRETS_ENCRYPTION_KEY,
 * previous keys still decrypt), the outbound guard and sender, the delivery store and the outbox
 * sweep's query.
 */
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [GeoScoringConfig],
      useFactory: (config: GeoScoringConfig) =>
        new SecretBox(config.secretsKey, config.previousSecretsKeys),
    },
    WebhookOutbound,
    WebhookDeliveryStore,
    OutboxSweepRepository,
  ],
  exports: [SecretBox, WebhookOutbound, WebhookDeliveryStore, OutboxSweepRepository],
})
export class WebhookDeliveryModule {}
