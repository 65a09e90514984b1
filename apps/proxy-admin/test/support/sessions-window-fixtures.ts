import { createHash, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { UsageRecord } from '../../src/usage/usage-record';
import { UsageRecorder } from '../../src/usage/usage-recorder.service';
import { UsageRepository } from '../../src/usage/usage.repository';

/** A usage row with defaults: an answered `cheap` request costing 88 micro-USD. */
export function usageRow(overrides: Partial<UsageRecord> & { sessionId: string }): UsageRecord {
  const at = overrides.startedAt ?? new Date('2026-03-31T12:00:00Z');
  return {
    id: randomUUID(),
    keyId: '00000000-0000-4000-8000-000000000001',
    teamId: 'team-a',
    requestedModel: 'cheap',
    resolvedModel: 'cheap',
    stream: false,
    promptTokens: 8,
    completionTokens: 40,
    costMicroUsd: 88,
    upstreamLatencyMs: 5,
    overheadMs: 0.5,
    status: 200,
    errorCode: null,
    prefixHash: hash(`prefix:${randomUUID()}`),
    lastUserHash: hash('last'),
    startedAt: at,
    finishedAt: at,
    ...overrides,
  };
}

export function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Writes rows through the recorder's own statement (same SQL as a flush), in batches. */
export async function recordUsage(
  app: INestApplication,
  rows: UsageRecord[],
  batch = 1000,
): Promise<void> {
  const repository = app.get(UsageRepository);
  for (let i = 0; i < rows.length; i += batch) {
    await repository.insertBatch(rows.slice(i, i + batch));
  }
}

/** Writes whatever the client API buffered so far. */
export function flushUsage(app: INestApplication): Promise<void> {
  return app.get(UsageRecorder).flush();
}
