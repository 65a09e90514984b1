import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  compileRule,
  planLimits,
  planRank,
  type CompiledRule,
  type Plan,
  type RuleExpression,
} from '@platform/maritime-domain';
import { DataSource, EntityManager } from 'typeorm';
import {
  deliveryMessage,
  type AlertSeverity,
  type DeliveryAlert,
} from '../alert-delivery/delivery-message';
import {
  ALERT_SOURCES,
  AlertEvaluateRepository,
  type ActiveRule,
  type AlertSource,
  type DeliveryRow,
  type MatchRow,
  type SourcedAlert,
} from './alert-evaluate.repository';
import { AlertDedupe } from './alert-dedupe';
import { DeliveryQueue } from './delivery-queue';
import { ruleRecord } from './rule-record';

/** Alerts read per source per transaction; a run loops until it has caught up. */
export const EVALUATE_BATCH = 500;
/** Transactions per run at most: a backlog beyond that waits for the next trigger. */
const MAX_BATCHES_PER_RUN = 20;
/** How long a run waits for writers of an alert table before leaving that source to the next. */
const SETTLE_LOCK_TIMEOUT_MS = 2_000;
/** The dedupe window of watchlist notify_on matches. */
export const WATCHLIST_DEDUPE_MS = 60 * 60_000;

/** Event types that are adjudicable signals, and the signal type an adjudication names. */
const SIGNAL_TYPES: Readonly<Record<string, string>> = {
  dark_event: 'dark_event',
  spoofing: 'spoofing',
  sts_transfer: 'sts_transfer',
};

export interface EvaluationOutcome {
  evaluated: number;
  matches: number;
  suppressed: number;
  deliveries: number;
}

interface Batch extends EvaluationOutcome {
  deliveryIds: string[];
  /** Some source returned a full batch: there may be more to read. */
  more: boolean;
}

/**
 * Evaluates new alerts against every owner's active rules and watchlist notify_on, writing rule
 * matches and pending deliveries in one transaction with the watermarks, and handing the
 * deliveries to the queue after it commits.
 */
@Injectable()
export class AlertEvaluateService {
  private readonly logger = new Logger(AlertEvaluateService.name);
  /** Compiled expressions by `id:version`: a version never changes, so it compiles once. */
  private readonly compiled = new Map<string, CompiledRule>();

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AlertEvaluateRepository) private readonly repo: AlertEvaluateRepository,
    @Inject(AlertDedupe) private readonly dedupe: AlertDedupe,
    @Inject(DeliveryQueue) private readonly queue: DeliveryQueue,
  ) {}

  /** Everything above the watermarks, in batches, until caught up (or the per-run cap). */
  async run(now: Date): Promise<EvaluationOutcome> {
    const total: EvaluationOutcome = { evaluated: 0, matches: 0, suppressed: 0, deliveries: 0 };
    for (let i = 0; i < MAX_BATCHES_PER_RUN; i += 1) {
      const caps = await this.settledCaps();
      if (caps.size === 0) break;
      const batch = await this.claimed((claims) =>
        this.db.transaction(async (m) => {
          const marks = await this.repo.lockWatermarks(m);
          const alerts: SourcedAlert[] = [];
          let more = false;
          for (const [source, cap] of caps) {
            const after = marks.get(source) ?? '0';
            if (BigInt(cap) <= BigInt(after)) continue;
            const rows = await this.repo.alertsAfter(m, source, after, cap, EVALUATE_BATCH);
            alerts.push(...rows);
            const last = rows.at(-1);
            const full = rows.length === EVALUATE_BATCH && last !== undefined;
            more ||= full;
            // A short read saw every settled row up to the cap (ids rolled back leave gaps).
            await this.repo.advanceWatermark(m, source, full ? last.source_id : cap);
          }
          return { ...(await this.evaluate(m, alerts, now, claims)), more };
        }),
      );
      await this.handOver(batch.deliveryIds);
      total.evaluated += batch.evaluated;
      total.matches += batch.matches;
      total.suppressed += batch.suppressed;
      total.deliveries += batch.deliveries;
      if (!batch.more) break;
    }
    return total;
  }

  /**
   * Evaluates the given alerts now, outside the watermarks (which it neither reads nor moves):
   * for tests that make two replicas race on the same alerts, and for an operator command should
   * one be added. The dedupe windows and the one-delivery-per-(owner, alert, channel) index
   * still hold.
   */
  async evaluateUids(uids: readonly string[], now: Date): Promise<EvaluationOutcome> {
    const batch = await this.claimed((claims) =>
      this.db.transaction(async (m) =>
        this.evaluate(m, await this.repo.alertsByUid(m, uids), now, claims),
      ),
    );
    await this.handOver(batch.deliveryIds);
    return {
      evaluated: batch.evaluated,
      matches: batch.matches,
      suppressed: batch.suppressed,
      deliveries: batch.deliveries,
    };
  }

  /** Per source with news, the settled maximum id to read up to. */
  private async settledCaps(): Promise<Map<AlertSource, string>> {
    const marks = await this.repo.watermarks();
    const caps = new Map<AlertSource, string>();
    for (const source of Object.keys(ALERT_SOURCES) as AlertSource[]) {
      const mark = BigInt(marks.get(source) ?? '0');
      const max = await this.repo.maxId(source);
      if (BigInt(max) < mark) {
        // Ids went backwards: the table was emptied (a reseed restarts its ids). What it holds
        // now is treated as history, like at installation; new rows are evaluated from here.
        const settled = await this.repo.settledMaxId(source, SETTLE_LOCK_TIMEOUT_MS);
        if (settled !== null && (await this.repo.rewindWatermark(source, settled)))
          this.logger.warn({ source, from: mark.toString(), to: settled }, 'watermark rewound');
        continue;
      }
      if (BigInt(max) === mark) continue;
      const settled = await this.repo.settledMaxId(source, SETTLE_LOCK_TIMEOUT_MS);
      if (settled === null)
        this.logger.warn({ source }, 'alert table busy; its new alerts wait for the next run');
      else if (BigInt(settled) > mark) caps.set(source, settled);
    }
    return caps;
  }

  /** Runs `work`, giving back the dedupe windows it claimed if it fails (nothing committed). */
  private async claimed<T>(work: (claims: string[]) => Promise<T>): Promise<T> {
    const claims: string[] = [];
    try {
      return await work(claims);
    } catch (error) {
      await this.dedupe.release(claims).catch((releaseError: unknown) => {
        this.logger.warn(
          { err: releaseError },
          'dedupe windows of a failed evaluation not released',
        );
      });
      throw error;
    }
  }

  /** Deliveries stay `pending` in the table if this fails; the delivery sweep picks them up. */
  private async handOver(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.queue.enqueue(ids);
    } catch (error) {
      this.logger.warn({ err: error, deliveries: ids.length }, 'deliveries not enqueued');
    }
  }

  private compile(rule: ActiveRule): CompiledRule | null {
    const key = `${rule.id}:${rule.version}`;
    let compiled = this.compiled.get(key);
    if (compiled === undefined) {
      try {
        compiled = compileRule(rule.expression as RuleExpression);
      } catch (error) {
        // Stored expressions were validated on write; one that no longer compiles matches nothing.
        this.logger.error({ rule_id: rule.id, err: error }, 'rule expression does not compile');
        return null;
      }
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  private async evaluate(
    m: EntityManager,
    alerts: readonly SourcedAlert[],
    now: Date,
    claims: string[],
  ): Promise<Omit<Batch, 'more'>> {
    const outcome = { evaluated: alerts.length, matches: 0, suppressed: 0, deliveries: 0 };
    if (alerts.length === 0) return { ...outcome, deliveryIds: [] };
    const rules = (await this.repo.activeRules(m))
      .map((rule) => ({ rule, compiled: this.compile(rule) }))
      .filter((r): r is { rule: ActiveRule; compiled: CompiledRule } => r.compiled !== null);
    const imos = [
      ...new Set(alerts.map((a) => a.imo).filter((imo): imo is string => imo !== null)),
    ];
    const watched = await this.repo.watchEntries(m, imos);

    // Candidates first, so each owner's plan, channels and suppressions are read once.
    const ruleHits: { rule: ActiveRule; alert: SourcedAlert }[] = [];
    const watchHits: { owner: string; alert: SourcedAlert }[] = [];
    for (const alert of alerts) {
      const record = ruleRecord(alert);
      for (const { rule, compiled } of rules)
        if (compiled.matches(record)) ruleHits.push({ rule, alert });
      for (const entry of watched)
        if (entry.imo === alert.imo && entry.notify_on.includes(alert.event_type))
          watchHits.push({ owner: entry.owner_id, alert });
    }
    const owners = [
      ...new Set([...ruleHits.map((h) => h.rule.owner_id), ...watchHits.map((h) => h.owner)]),
    ];
    if (owners.length === 0) return { ...outcome, deliveryIds: [] };
    // One after another: the queries share the transaction's connection.
    const plans = await this.repo.activePlans(m, owners);
    const channels = await this.repo.enabledChannels(m, owners);
    const suppressions = await this.repo.suppressions(m, owners, imos, now);
    const vessels = await this.repo.vessels(m, imos);
    const seesDarkFleet = (owner: string): boolean => bestPlanSeesDarkFleet(plans.get(owner) ?? []);
    const visible = (owner: string, alert: SourcedAlert): boolean =>
      alert.event_type !== 'dark_fleet' || seesDarkFleet(owner);
    const adjudicated = (owner: string, alert: SourcedAlert): boolean => {
      const signal = SIGNAL_TYPES[alert.event_type];
      return (
        signal !== undefined &&
        alert.imo !== null &&
        suppressions.has(`${owner}|${signal}|${alert.imo}`)
      );
    };

    const matches: MatchRow[] = [];
    // Keyed by owner|alert|channel: the first (a rule, lowest id) wins over later rules and the watchlist.
    const deliveries = new Map<string, DeliveryRow>();
    const deliver = (owner: string, alert: SourcedAlert, rule: ActiveRule | null): void => {
      for (const channel of channels.get(owner) ?? []) {
        const key = `${owner}|${alert.uid}|${channel}`;
        if (deliveries.has(key)) continue;
        const id = randomUUID();
        const payload = deliveryMessage({
          id,
          type: rule === null ? 'alert.watchlist' : 'alert.matched',
          createdAt: now,
          alert: deliveryAlert(alert),
          rule:
            rule === null
              ? null
              : {
                  id: Number(rule.id),
                  name: rule.name,
                  version: rule.version,
                  severity_override: rule.severity_override,
                },
          vessel: alert.imo === null ? null : (vessels.get(alert.imo) ?? null),
        });
        deliveries.set(key, {
          id,
          ownerId: owner,
          channel,
          kind: rule === null ? 'watchlist' : 'alert',
          alertUid: alert.uid,
          ruleId: rule?.id ?? null,
          ruleVersion: rule?.version ?? null,
          payload,
        });
      }
    };

    for (const { rule, alert } of ruleHits) {
      if (!visible(rule.owner_id, alert)) continue;
      const dedupeKey = `${rule.id}:${alert.event_type}:${alert.entity_id ?? '-'}`;
      // An adjudicated signal is held back without opening a window: the window is for deliveries.
      let suppressed = adjudicated(rule.owner_id, alert);
      if (!suppressed) {
        suppressed = !(await this.dedupe.claim(dedupeKey, rule.dedupe_window_minutes * 60_000));
        if (!suppressed) claims.push(dedupeKey);
      }
      matches.push({
        ruleId: rule.id,
        ruleVersion: rule.version,
        alertUid: alert.uid,
        suppressed,
        dedupeKey,
      });
      if (!suppressed) deliver(rule.owner_id, alert, rule);
    }
    for (const { owner, alert } of watchHits) {
      if (!visible(owner, alert) || adjudicated(owner, alert)) continue;
      const dedupeKey = `wl:${owner}:${alert.event_type}:${alert.imo ?? '-'}`;
      if (!(await this.dedupe.claim(dedupeKey, WATCHLIST_DEDUPE_MS))) continue;
      claims.push(dedupeKey);
      deliver(owner, alert, null);
    }

    await this.repo.insertMatches(m, matches, now);
    const deliveryIds = await this.repo.insertDeliveries(m, [...deliveries.values()], now);
    return {
      ...outcome,
      matches: matches.length,
      suppressed: matches.filter((match) => match.suppressed).length,
      deliveries: deliveryIds.length,
      deliveryIds,
    };
  }
}

/** dark_fleet alerts go only to owners whose best active plan includes them. */
function bestPlanSeesDarkFleet(plans: readonly Plan[]): boolean {
  if (plans.length === 0) return false;
  const best = plans.reduce((a, b) => (planRank(b) > planRank(a) ? b : a));
  return planLimits(best).dark_fleet;
}

/** The alert as a delivery shows it, before any rule's severity override. */
function deliveryAlert(alert: SourcedAlert): DeliveryAlert {
  return {
    id: alert.uid,
    source: alert.source,
    product: alert.product,
    severity: alert.severity as AlertSeverity,
    title: alert.title ?? '',
    description: alert.description ?? '',
    occurred_at: alert.occurred_at.toISOString(),
    event_type: alert.event_type,
    metadata: alert.metadata,
  };
}
