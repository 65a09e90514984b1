import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { TEAM_ID_PATTERN } from '../../keys/dto/create-key.dto';
import { IDP_PROVIDERS, type IdpProvider } from '../idp-connection';

export class CreateIdpConnectionDto {
  @ApiProperty({ example: 'team-a' })
  @Matches(TEAM_ID_PATTERN, { message: 'team_id must be 1-128 characters of A-Z a-z 0-9 . _ : -' })
  team_id!: string;

  @ApiProperty({ enum: IDP_PROVIDERS })
  @IsIn(IDP_PROVIDERS, { message: `provider must be one of ${IDP_PROVIDERS.join(', ')}` })
  provider!: IdpProvider;

  @ApiProperty({ description: 'Email domain whose employees sign in here', example: 'acme.com' })
  @IsString()
  @MaxLength(253)
  login_domain!: string;

  @ApiProperty({ description: 'https URL of the OIDC issuer', example: 'https://acme.okta.com' })
  @IsString()
  @MaxLength(2048)
  issuer!: string;

  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  client_id!: string;

  @ApiProperty({ description: 'Write-only; stored encrypted, never returned', writeOnly: true })
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  client_secret!: string;
}
