import { Module } from '@nestjs/common';
import { MaritimeConfig } from '@platform/config';
import { SecretBox } from '@platform/secrets';
import { AlertDeliveryOutbound } from './alert-delivery-outbound';

/**
 * What sending alerts needs: the secrets box of channel configurations (CHANNEL_ENCRYPTION_KEY;
 * previous keys still decrypt) and the outbound senders. The channel API's test send uses it
 * today; the queued delivery pipeline imports it too.
 */
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [MaritimeConfig],
      useFactory: (config: MaritimeConfig) =>
        new SecretBox(config.secretsKey, config.previousSecretsKeys),
    },
    AlertDeliveryOutbound,
  ],
  exports: [SecretBox, AlertDeliveryOutbound],
})
export class AlertDeliveryModule {}
