import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';

/** JSON or form-encoded (standard RFC 8628 clients send forms with client_id and scope). */
export class DeviceCodeRequest {
  @ApiProperty({ example: 'alice@acme.com', description: 'Selects the connection by its domain' })
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email!: string;

  @ApiPropertyOptional({ description: 'Accepted from RFC 8628 clients and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  client_id?: string;

  @ApiPropertyOptional({ description: 'Accepted from RFC 8628 clients and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  scope?: string;
}
