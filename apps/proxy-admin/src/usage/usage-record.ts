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
  /** Token cost only; web-search surcharges go to surchargeMicroUsd (both count as spend). */
  costMicroUsd: number;
  /** The preset the request used (`@preset/<slug>`), and the version served. */
  presetSlug?: string | null;
  presetVersion?: number | null;
  /** Web searches the request ran, and the surcharge they added (micro-USD). */
  webSearchCalls?: number;
  surchargeMicroUsd?: number;
  upstreamLatencyMs: number | null;
  overheadMs: number;
  status: number;
  errorCode: string | null;
  prefixHash: string | null;
  lastUserHash: string | null;
  startedAt: Date;
  finishedAt: Date;
}
