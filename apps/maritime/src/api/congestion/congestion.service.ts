import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { congestionLevel } from '@platform/maritime-domain';
import { QueueRegistry } from '@platform/queues';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import type { CongestionSnapshotJobData } from '../../jobs/congestion-snapshot/congestion-snapshot.processor';
import { JOB_QUEUES } from '../../jobs/job-queues';
import { CongestionRepository, CongestionRow } from './congestion.repository';
import type { CongestionHistoryQuery, CongestionRefreshBody } from './dto/congestion.dto';

const MINUTE_MS = 60_000;
const HISTORY_DEFAULT_DAYS = 30;

function snapshotView(row: CongestionRow): Record<string, unknown> {
  return {
    port: row.port,
    port_name: row.port_name,
    taken_at: row.taken_at.toISOString(),
    congestion_index: row.congestion_index,
    level: row.level,
    vessels_waiting: row.vessels_waiting,
    vessels_at_berth: row.vessels_at_berth,
    avg_wait_hours: row.avg_wait_hours,
    baseline_waiting: row.baseline_waiting,
    baseline_wait_hours: row.baseline_wait_hours,
  };
}

/**
 * The refresh job's id as the API shows it, `congestion-refresh:<port|all>:<UTC minute>`, and
 * the id BullMQ stores: BullMQ refuses ':' in custom job ids, so there each ':' becomes '_'.
 * Either way the same port and minute give the same job, so repeats within a minute collapse.
 */
export function refreshJobIds(
  port: string | null,
  minute: Date,
): { jobId: string; bullId: string } {
  const jobId = `congestion-refresh:${port ?? 'all'}:${minute.toISOString().slice(0, 16)}Z`;
  return { jobId, bullId: jobId.replaceAll(':', '_') };
}

@Injectable()
export class CongestionService {
  constructor(
    @Inject(CongestionRepository) private readonly congestion: CongestionRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async latest(port: string | undefined, caller: Caller): Promise<Record<string, unknown>> {
    const portId = port === undefined ? null : (await this.requirePort(port)).id;
    const rows = await this.congestion.latest(portId, this.window.visibleUntil(caller));
    return { congestion: rows.map(snapshotView), count: rows.length, tier: caller.limits.tier };
  }

  async history(query: CongestionHistoryQuery, caller: Caller): Promise<Record<string, unknown>> {
    const { from, to } = this.window.range(caller, query, { defaultDays: HISTORY_DEFAULT_DAYS });
    const port = await this.requirePort(query.port);
    const interval = query.interval ?? 'hour';
    const limit = query.limit ?? 90;
    const rows = await this.congestion.history(port.id, from, to, interval, limit);
    return {
      port: port.slug,
      port_name: port.name,
      interval,
      window: { from: from.toISOString(), to: to.toISOString() },
      history: rows.map((row) => ({
        period_start: row.period_start.toISOString(),
        snapshots: row.snapshots,
        congestion_index: row.congestion_index,
        level: congestionLevel(row.congestion_index),
        vessels_waiting: row.vessels_waiting,
        vessels_at_berth: row.vessels_at_berth,
        avg_wait_hours: row.avg_wait_hours,
        baseline_waiting: row.baseline_waiting,
        baseline_wait_hours: row.baseline_wait_hours,
      })),
      count: rows.length,
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  /** `body` is undefined when the request has none: then every port is refreshed. */
  async refresh(
    body: CongestionRefreshBody | undefined,
  ): Promise<{ job_id: string; status: 'queued' }> {
    const slug = body?.port;
    const port = slug === undefined ? null : (await this.requirePort(slug)).slug;
    const minute = new Date(Math.floor(this.window.now().getTime() / MINUTE_MS) * MINUTE_MS);
    const { jobId, bullId } = refreshJobIds(port, minute);
    const data: CongestionSnapshotJobData = { taken_at: minute.toISOString() };
    if (port !== null) data.port = port;
    // A job id that exists already is not added again: BullMQ returns the existing job.
    await this.queues.queue(JOB_QUEUES.congestionSnapshot).add('refresh', data, { jobId: bullId });
    return { job_id: jobId, status: 'queued' };
  }

  private async requirePort(slug: string): Promise<{ id: string; slug: string; name: string }> {
    const port = await this.congestion.findPort(slug);
    if (!port) throw ApiError.notFound('port_not_found', `No port with slug "${slug}"`);
    return port;
  }
}
