import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';

export class VerifyDecisionRequest {
  @ApiProperty({ example: 'BCDF-GHJK' })
  @IsString()
  @MaxLength(32)
  user_code!: string;

  @ApiProperty({ enum: ['approve', 'deny'] })
  @IsIn(['approve', 'deny'], { message: 'action must be approve or deny' })
  action!: 'approve' | 'deny';
}

export class VerifyDecisionResponse {
  @ApiProperty({ enum: ['approved', 'denied'] }) status!: 'approved' | 'denied';
  @ApiProperty({ example: 'BCDF-GHJK' }) user_code!: string;
}
