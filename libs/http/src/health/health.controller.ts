import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DrainState } from '../lifecycle/drain-state';
import { READINESS_CHECKS, ReadinessCheck, withTimeout } from './readiness-check';

const CHECK_TIMEOUT_MS = 2000;

interface ReadinessReport {
  status: 'ok' | 'unavailable' | 'draining';
  checks: Record<string, { status: 'up' | 'down'; error?: string }>;
}

@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
    @Inject(DrainState) private readonly drain: DrainState,
  ) {}

  /** Liveness: the process is up and its event loop turns. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'The process is alive' })
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: every dependency answers; 503 otherwise, so the pod leaves the load balancer. */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'PostgreSQL and Redis answer' })
  @ApiServiceUnavailableResponse({
    description: 'A dependency does not answer, or the replica is shutting down',
  })
  async readyz(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    // Shutting down: leave the load balancer now, while still listening, before checking anything.
    if (this.drain.draining) {
      res.status(503);
      return { status: 'draining', checks: {} };
    }
    const results = await Promise.all(
      this.checks.map(async (c) => {
        try {
          await withTimeout(c.check(), CHECK_TIMEOUT_MS, c.name);
          return [c.name, { status: 'up' as const }] as const;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return [c.name, { status: 'down' as const, error: message }] as const;
        }
      }),
    );
    const ready = results.every(([, r]) => r.status === 'up');
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks: Object.fromEntries(results) };
  }
}
