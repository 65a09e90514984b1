import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { TEAM_ID_PATTERN } from '../../keys/dto/create-key.dto';

const TEAM_ID_MESSAGE = 'team_id must be 1-128 characters of A-Z a-z 0-9 . _ : -';

/** `?team_id=` of the list: required for scoped tokens, an optional filter for operators. */
export class ListIdpConnectionsQuery {
  @ApiPropertyOptional({ description: "Only this team's connections" })
  @IsOptional()
  @Matches(TEAM_ID_PATTERN, { message: TEAM_ID_MESSAGE })
  team_id?: string;
}

/** `?team_id=` of PATCH and DELETE: the connection must belong to it. */
export class IdpConnectionTeamQuery {
  @ApiProperty({ description: 'The owning team; another team’s connection answers 404' })
  @Matches(TEAM_ID_PATTERN, { message: TEAM_ID_MESSAGE })
  team_id!: string;
}
