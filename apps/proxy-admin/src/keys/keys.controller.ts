import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminGuard, AllowScopedAdminToken } from '@platform/auth';
import { CreateKeyDto } from './dto/create-key.dto';
import { CreatedKeyResponse, KeyListResponse, KeyResponse } from './dto/key.response';
import { ListKeysQuery } from './dto/list-keys.query';
import { KeysService } from './keys.service';

@ApiTags('admin: keys')
@ApiBearerAuth('admin')
@UseGuards(AdminGuard)
@Controller('admin/keys')
export class KeysController {
  constructor(private readonly keys: KeysService) {}

  @Post()
  @ApiOperation({ summary: 'Mint a virtual key; the plaintext key is in this response only' })
  @ApiCreatedResponse({ type: CreatedKeyResponse })
  mint(@Body() body: CreateKeyDto): Promise<CreatedKeyResponse> {
    return this.keys.mint(body);
  }

  @Get()
  @AllowScopedAdminToken()
  @ApiOperation({ summary: 'List keys, newest first (scoped tokens: their team_id only)' })
  @ApiOkResponse({ type: KeyListResponse })
  list(@Query() query: ListKeysQuery): Promise<KeyListResponse> {
    return this.keys.list(query);
  }

  @Delete(':key_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a key now, on every replica; revoking again is harmless' })
  @ApiOkResponse({ type: KeyResponse })
  revoke(@Param('key_id') keyId: string): Promise<KeyResponse> {
    return this.keys.revoke(keyId);
  }
}
