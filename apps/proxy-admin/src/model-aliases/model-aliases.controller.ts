import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '@platform/auth';
import {
  InvalidationResponse,
  ModelAliasListResponse,
  ModelAliasResponse,
  PutModelAliasDto,
} from './dto/model-alias.dto';
import { ModelAliasesService } from './model-aliases.service';

@ApiTags('admin: model aliases')
@ApiBearerAuth('admin')
@UseGuards(AdminGuard)
@Controller('admin/model-aliases')
export class ModelAliasesController {
  constructor(private readonly aliases: ModelAliasesService) {}

  @Get()
  @ApiOkResponse({ type: ModelAliasListResponse })
  list(): Promise<ModelAliasListResponse> {
    return this.aliases.list();
  }

  @Post('invalidate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Make every replica drop its model-alias cache (for out-of-band edits)',
  })
  @ApiOkResponse({ type: InvalidationResponse })
  invalidate(): Promise<InvalidationResponse> {
    return this.aliases.invalidate();
  }

  @Get(':alias')
  @ApiOkResponse({ type: ModelAliasResponse })
  get(@Param('alias') alias: string): Promise<ModelAliasResponse> {
    return this.aliases.get(alias);
  }

  @Put(':alias')
  @ApiOperation({ summary: 'Create or change an alias; every replica drops its alias cache' })
  @ApiOkResponse({ type: ModelAliasResponse })
  put(@Param('alias') alias: string, @Body() body: PutModelAliasDto): Promise<ModelAliasResponse> {
    return this.aliases.put(alias, body.model);
  }

  @Delete(':alias')
  @ApiOkResponse({ type: ModelAliasResponse })
  delete(@Param('alias') alias: string): Promise<ModelAliasResponse> {
    return this.aliases.delete(alias);
  }
}
