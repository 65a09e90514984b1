import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { PublicRoute } from '../../platform/access/route-access';
import { SanctionsListsRepository } from './sanctions-lists.repository';

@ApiTags('reference')
@Controller('api/v1/sanctions')
export class SanctionsController {
  constructor(@Inject(SanctionsListsRepository) private readonly lists: SanctionsListsRepository) {}

  @Get('lists')
  @PublicRoute()
  @ApiOperation({ summary: 'The sanctions lists screened against: names and publication dates' })
  async list(@CurrentCaller() caller: Caller): Promise<unknown> {
    const rows = await this.lists.latest();
    return {
      lists: rows.map((row) => ({
        source: row.source,
        name: row.name,
        published_at: row.published_at.toISOString(),
        imported_at: row.imported_at.toISOString(),
        entries: row.entries,
      })),
      count: rows.length,
      tier: caller.limits.tier,
    };
  }
}
