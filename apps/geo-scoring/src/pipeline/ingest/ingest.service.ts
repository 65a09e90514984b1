// POST /internal/ingest/{dataset} (see docs/geo-scoring/ingestion.md): validate every line, locate
// records on the metro cells, and commit good lines in transactions of at most 5,000 rows. Jobs are
// told after commit.
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError, findNul } from '@platform/http';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { PointLocator } from './point-locator';
import { IngestFollowUps } from '../../jobs/ingest-follow-ups';
import { ReadCacheInvalidator } from '../../platform/read-cache/read-cache.invalidator';
import { DatasetHandler, DatasetName, IngestRow } from './datasets/dataset';
import { Fields, LineError } from './datasets/fields';
import { DatasetRegistry, isDatasetName } from './datasets/registry';
import { IngestRepository } from './ingest.repository';
import { checkNdjsonHeaders, NdjsonHeaders, NdjsonLine, readNdjsonLines } from './ndjson-body';

export const INGEST_CHUNK_ROWS = 5_000;
export const MAX_REPORTED_ERRORS = 100;

export interface LineRejection {
  line: number;
  message: string;
}

export interface IngestResult {
  dataset: DatasetName;
  received: number;
  inserted: number;
  updated: number;
  rejected: number;
  errors: LineRejection[];
}

/** Parses the `backfill` query value: absent, true or false. */
export function parseBackfill(query: Record<string, unknown>): boolean {
  const unknown = Object.keys(query).filter((key) => key !== 'backfill');
  if (unknown.length > 0) {
    throw ApiError.badRequest('invalid_request', `Unknown query parameter: ${unknown.join(', ')}`, [
      ...unknown.map((field) => ({ field, message: 'is not a known parameter' })),
    ]);
  }
  const value = query['backfill'];
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw ApiError.badRequest('invalid_request', 'backfill must be true or false', [
    { field: 'backfill', message: 'must be true or false' },
  ]);
}

export function resolveDataset(name: string): DatasetName {
  if (!isDatasetName(name)) {
    throw ApiError.notFound('unknown_dataset', `Unknown dataset: ${name}`);
  }
  return name;
}

@Injectable()
export class IngestService {
  private readonly logger = new Logger(IngestService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(IngestRepository) private readonly batches: IngestRepository,
    @Inject(PointLocator) private readonly locator: PointLocator,
    @Inject(DatasetRegistry) private readonly datasets: DatasetRegistry,
    @Inject(Clock) private readonly clock: Clock,
    // Optional only for in-process callers (tools); in the app JobsModule must provide it.
    @Inject(IngestFollowUps) private readonly followUps?: IngestFollowUps,
    // Likewise: ReadCacheModule provides it in the app.
    @Optional()
    @Inject(ReadCacheInvalidator)
    private readonly readCache?: ReadCacheInvalidator,
  ) {}

  /** The HTTP path: dataset and query checked first, then the body streamed and ingested. */
  async ingestRequest(
    datasetName: string,
    query: Record<string, unknown>,
    headers: NdjsonHeaders,
    body: Readable,
  ): Promise<IngestResult> {
    const dataset = resolveDataset(datasetName);
    const backfill = parseBackfill(query);
    const { gzip } = checkNdjsonHeaders(headers);
    const lines = await readNdjsonLines(body, gzip);
    return this.ingest(dataset, lines, backfill);
  }

  /** Ingests already split lines (also usable in-process). */
  async ingest(
    dataset: DatasetName,
    lines: NdjsonLine[],
    backfill: boolean,
  ): Promise<IngestResult> {
    const handler = this.datasets.handler(dataset);
    const batchId = await this.batches.startBatch(dataset, backfill, lines.length);
    const errors: LineRejection[] = [];
    const reject = (line: number, message: string): void => {
      errors.push({ line, message });
    };
    let inserted = 0;
    let updated = 0;
    const metros = new Set<string>();
    try {
      const parsed: IngestRow<unknown>[] = [];
      for (const { line, text } of lines) {
        const record = parseLine(handler, text);
        if (typeof record === 'string') reject(line, record);
        else parsed.push({ line, record: record.value, cell: null });
      }
      const context = { backfill, today: this.clock.today() };
      for (let start = 0; start < parsed.length; start += INGEST_CHUNK_ROWS) {
        const chunk = await this.screen(
          handler,
          parsed.slice(start, start + INGEST_CHUNK_ROWS),
          reject,
        );
        if (chunk.rows.length === 0) continue;
        await handler.prepare?.(this.dataSource, chunk.rows);
        const result = await this.dataSource.transaction((tx) =>
          handler.write(tx, chunk.rows, context),
        );
        inserted += result.inserted;
        updated += result.updated + chunk.collapsed;
        result.metros.forEach((metro) => metros.add(metro));
      }
    } finally {
      await this.batches.finishBatch(batchId, {
        received: lines.length,
        inserted,
        updated,
        rejected: errors.length,
      });
      // Also when a later chunk failed: the chunks before it are committed and visible.
      if (inserted + updated > 0 && handler.followUp !== 'embeddings') {
        await this.readCache?.invalidate(`ingest:${dataset}`);
      }
    }
    await this.afterCommit(handler, [...metros].sort());
    errors.sort((a, b) => a.line - b.line);
    return {
      dataset,
      received: lines.length,
      inserted,
      updated,
      rejected: errors.length,
      errors: errors.slice(0, MAX_REPORTED_ERRORS),
    };
  }

  /**
   * Locates and database-checks a chunk; rejected rows are reported. Repeats of a natural key
   * collapse into the last line (the earlier ones count as updates it superseded).
   */
  private async screen(
    handler: DatasetHandler<unknown>,
    rows: IngestRow<unknown>[],
    reject: (line: number, message: string) => void,
  ): Promise<{ rows: IngestRow<unknown>[]; collapsed: number }> {
    let kept = rows;
    const { point } = handler;
    if (point !== undefined) {
      const points = kept.map((row) => point(row.record));
      const cells = await this.locator.locate(points);
      kept = kept.flatMap((row, i) => {
        const cell = cells[i];
        if (cell !== null) return [{ ...row, cell }];
        const { lat, lng } = points[i];
        reject(
          row.line,
          `point (${lat}, ${lng}) is outside every metro (its res-8 cell is not a metro cell)`,
        );
        return [];
      });
    }
    if (handler.check !== undefined && kept.length > 0) {
      const problems = await handler.check(this.dataSource, kept);
      kept = kept.filter((row, i) => {
        const problem = problems[i];
        if (problem !== null) reject(row.line, problem);
        return problem === null;
      });
    }
    const { key } = handler;
    if (key === undefined) return { rows: kept, collapsed: 0 };
    const last = new Map<string, IngestRow<unknown>>();
    for (const row of kept) {
      const k = key(row.record, row.cell);
      last.delete(k);
      last.set(k, row);
    }
    return { rows: [...last.values()], collapsed: kept.length - last.size };
  }

  private async afterCommit(handler: DatasetHandler<unknown>, metros: string[]): Promise<void> {
    if (this.followUps === undefined || handler.followUp === 'none') return;
    try {
      if (handler.followUp === 'population') await this.followUps.populationInputsChanged();
      if (handler.followUp === 'embeddings') await this.followUps.embeddingsChanged();
      // Embeddings feed only the similarity index, never the scores.
      if (metros.length > 0 && handler.followUp !== 'embeddings')
        await this.followUps.metroDataChanged(metros);
    } catch (error) {
      // The data is committed; rollup-reconcile and the daily refresh catch up on a lost job.
      this.logger.error({ err: error, dataset: handler.name, metros }, 'ingest follow-up failed');
    }
  }
}

function parseLine(handler: DatasetHandler<unknown>, text: string): { value: unknown } | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'invalid JSON';
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return 'each line must be a JSON object';
  }
  // The platform's NUL rule, per line: PostgreSQL refuses NUL in text.
  const nul = findNul(json, '');
  if (nul !== undefined) return `${nul || 'a key'} must not contain a NUL character`;
  try {
    return { value: handler.parse(json as Fields) };
  } catch (error) {
    if (error instanceof LineError) return error.message;
    throw error;
  }
}
