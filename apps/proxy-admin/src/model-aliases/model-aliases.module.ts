import { Module } from '@nestjs/common';
import { ModelAliasesController } from './model-aliases.controller';
import { ModelAliasesService } from './model-aliases.service';

@Module({ controllers: [ModelAliasesController], providers: [ModelAliasesService] })
export class ModelAliasesModule {}
