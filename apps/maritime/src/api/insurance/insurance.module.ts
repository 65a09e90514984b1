import { Module } from '@nestjs/common';

/** Claims prediction, comparable pools, premium adjustment and the methodology. */
@Module({})
export class InsuranceModule {}
