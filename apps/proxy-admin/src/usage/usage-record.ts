/**
 * One finished client request (see docs/proxy-admin/usage-recording.md#usage-rows). Money is
 * integer micro-USD.
 */
export interface UsageRecord {
  id: string;
  keyId: string;
  teamId: string | null;
  sessionId: string;
  requestedModel: string;
  resolvedModel: string | null;
  stream: boolean;
  promptTokens: number;
  completionTokens: number;
  costMicroUsd: number;
  upstreamLatencyMs: number | null;
  overheadMs: number;
  status: number;
  errorCode: string | null;
  prefixHash: string | null;
  lastUserHash: string | null;
  startedAt: Date;
  finishedAt: Date;
}
