import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../../platform/api-keys/api-keys.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

@Module({
  imports: [ApiKeysModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
