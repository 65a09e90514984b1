import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import {
  AlertRulesRepository,
  type RuleFieldValues,
  type RuleRow,
  type RuleVersionRow,
  snapshotOf,
} from './alert-rules.repository';
import type { CreateRuleBody, UpdateRuleBody } from './dto/alert-rules.dto';
import { parseExpression } from './rule-expression';

export const DEFAULT_DEDUPE_WINDOW_MINUTES = 60;

export function ruleView(row: RuleRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    expression: row.expression,
    severity_override: row.severity_override,
    active: row.active,
    dedupe_window_minutes: row.dedupe_window_minutes,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function versionView(row: RuleVersionRow): Record<string, unknown> {
  return {
    version: row.version,
    snapshot: row.snapshot,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
  };
}

/** JSON with object keys sorted, so jsonb's key order never counts as a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

function ruleNotFound(): ApiError {
  return new ApiError(404, 'rule_not_found', 'No alert rule with this id');
}

/** The key's owner: every key of one owner shares its rules. */
export function ownerOf(caller: Caller): string {
  if (!caller.key) throw ApiError.unauthorized('api_key_required', 'This route needs an API key');
  return caller.key.ownerId;
}

@Injectable()
export class AlertRulesService {
  constructor(
    @Inject(AlertRulesRepository) private readonly rules: AlertRulesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(caller: Caller): Promise<Record<string, unknown>> {
    const rows = await this.rules.list(ownerOf(caller));
    return { rules: rows.map(ruleView), count: rows.length };
  }

  async create(body: CreateRuleBody, caller: Caller): Promise<Record<string, unknown>> {
    const fields: RuleFieldValues = {
      name: body.name,
      description: body.description ?? null,
      expression: parseExpression(body.expression),
      severity_override: body.severity_override ?? null,
      active: body.active ?? true,
      dedupe_window_minutes: body.dedupe_window_minutes ?? DEFAULT_DEDUPE_WINDOW_MINUTES,
    };
    const row = await this.rules.create(
      ownerOf(caller),
      fields,
      body.notes ?? null,
      this.clock.now(),
    );
    return { rule: ruleView(row) };
  }

  /** A change to any field, `active` included, makes a new version; no change makes none. */
  async update(body: UpdateRuleBody, caller: Caller): Promise<Record<string, unknown>> {
    const expression = body.expression === undefined ? undefined : parseExpression(body.expression);
    const result = await this.rules.update(
      ownerOf(caller),
      String(body.id),
      (current) => {
        const before = snapshotOf(current);
        const next: RuleFieldValues = {
          name: body.name ?? before.name,
          description: body.description === undefined ? before.description : body.description,
          expression: expression ?? before.expression,
          severity_override:
            body.severity_override === undefined
              ? before.severity_override
              : body.severity_override,
          active: body.active ?? before.active,
          dedupe_window_minutes: body.dedupe_window_minutes ?? before.dedupe_window_minutes,
        };
        return canonical(next) === canonical(before) ? null : next;
      },
      body.notes ?? null,
      this.clock.now(),
    );
    if (result === null) throw ruleNotFound();
    return {
      rule: ruleView(result.row),
      changed: result.changed,
      previous_version: result.previousVersion,
    };
  }

  async remove(id: string, caller: Caller): Promise<Record<string, unknown>> {
    if (!(await this.rules.softDelete(ownerOf(caller), id, this.clock.now()))) throw ruleNotFound();
    return { deleted: true, id: Number(id) };
  }

  async versions(id: string, caller: Caller): Promise<Record<string, unknown>> {
    const rows = await this.rules.versions(ownerOf(caller), id);
    if (rows === null) throw ruleNotFound();
    return { rule_id: Number(id), versions: rows.map(versionView) };
  }
}
