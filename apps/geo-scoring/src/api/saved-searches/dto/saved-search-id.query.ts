import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class SavedSearchIdQuery {
  @ApiProperty({ format: 'uuid', description: 'The saved search' })
  @IsString({ message: 'id must be a string' })
  id!: string;
}
