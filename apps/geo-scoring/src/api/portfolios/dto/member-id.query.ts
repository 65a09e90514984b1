import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class MemberIdQuery {
  @ApiProperty({ format: 'uuid', description: 'The member to remove' })
  @IsString({ message: 'member_id must be a string' })
  member_id!: string;
}
