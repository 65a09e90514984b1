import { Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { SecretBox, type SealedSecret } from '@platform/secrets';

/**
 * Seals IdP client secrets with SECRETS_ENCRYPTION_KEY (AES-256-GCM). The connection id is the
 * authenticated context, so a ciphertext copied onto another connection does not open.
 */
@Injectable()
export class ClientSecretVault {
  private readonly box: SecretBox;

  constructor(@Inject(ProxyAdminConfig) config: ProxyAdminConfig) {
    this.box = new SecretBox(config.secretsKey, config.previousSecretsKeys);
  }

  seal(connectionId: string, secret: string): SealedSecret {
    return this.box.encrypt(secret, `idp_connection:${connectionId}`);
  }

  open(connectionId: string, sealed: SealedSecret): string {
    return this.box.decryptText(sealed, `idp_connection:${connectionId}`);
  }
}
