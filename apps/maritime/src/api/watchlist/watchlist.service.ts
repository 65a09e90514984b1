import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError, type ErrorDetail } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import { CategoriesService } from './categories.service';
import {
  DEFAULT_NOTIFY_ON,
  type AddEntryBody,
  type BulkActionBody,
  type BulkAddBody,
  type UpdateEntryBody,
} from './dto/watchlist.dto';
import { entryView } from './watchlist-views';
import { EntryChange, WatchlistRepository, type Sql } from './watchlist.repository';

/** At most this many watched vessels per owner. */
export const MAX_ENTRIES_PER_OWNER = 10_000;

/** Which optional body fields each bulk action takes (exactly one, or none for remove). */
const BULK_ACTION_FIELD = {
  remove: null,
  set_category: 'category_id',
  set_notify_on: 'notify_on',
  set_label: 'label',
} as const;

export function ownerOf(caller: Caller): string {
  // Keyed routes only: the guard has refused callers without a key before this runs.
  return (caller.key as NonNullable<Caller['key']>).ownerId;
}

function limitReached(): ApiError {
  return new ApiError(
    409,
    'watchlist_limit_reached',
    `An owner may watch at most ${MAX_ENTRIES_PER_OWNER} vessels`,
  );
}

function entryNotFound(imo: string): ApiError {
  return ApiError.notFound('watchlist_entry_not_found', `Vessel ${imo} is not on the watchlist`);
}

/** Watched vessels of an owner: single and bulk changes, with category defaults. */
@Injectable()
export class WatchlistService {
  constructor(
    @Inject(WatchlistRepository) private readonly entries: WatchlistRepository,
    @Inject(CategoriesService) private readonly categories: CategoriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(caller: Caller): Promise<Record<string, unknown>> {
    const rows = await this.entries.list(ownerOf(caller));
    return { watchlist: rows.map(entryView), count: rows.length, tier: caller.limits.tier };
  }

  /** Adds a vessel, or updates its entry when it is already watched. */
  async add(
    caller: Caller,
    body: AddEntryBody,
  ): Promise<{ entry: Record<string, unknown>; created: boolean }> {
    const ownerId = ownerOf(caller);
    return this.entries.inOwnerTransaction(ownerId, async (sql) => {
      const known = await this.entries.knownVessels([body.imo_number], sql);
      if (!known.has(body.imo_number))
        throw ApiError.notFound('vessel_not_found', `No vessel with IMO ${body.imo_number}`);
      const change = await this.changeOf(ownerId, body, sql);
      const [existing] = await this.entries.findByImos(ownerId, [body.imo_number], sql);
      if (existing) {
        await this.entries.update(ownerId, [body.imo_number], change, this.clock.now(), sql);
      } else {
        if ((await this.entries.count(ownerId, sql)) >= MAX_ENTRIES_PER_OWNER) throw limitReached();
        await this.entries.insert(
          ownerId,
          body.imo_number,
          { ...change, notifyOn: change.notifyOn ?? DEFAULT_NOTIFY_ON },
          this.clock.now(),
          sql,
        );
      }
      return { entry: await this.viewOf(ownerId, body.imo_number, sql), created: !existing };
    });
  }

  async update(caller: Caller, body: UpdateEntryBody): Promise<Record<string, unknown>> {
    const ownerId = ownerOf(caller);
    return this.entries.inOwnerTransaction(ownerId, async (sql) => {
      const [existing] = await this.entries.findByImos(ownerId, [body.imo_number], sql);
      if (!existing) throw entryNotFound(body.imo_number);
      const change = await this.changeOf(ownerId, body, sql);
      await this.entries.update(ownerId, [body.imo_number], change, this.clock.now(), sql);
      return { entry: await this.viewOf(ownerId, body.imo_number, sql) };
    });
  }

  async remove(caller: Caller, imo: string): Promise<Record<string, unknown>> {
    const removed = await this.entries.remove(ownerOf(caller), [imo]);
    if (removed.length === 0) throw entryNotFound(imo);
    return { deleted: true, imo_number: imo };
  }

  /**
   * Adds up to 100 vessels at once; those already watched are updated with the given fields.
   * IMOs of vessels we do not know are listed in `not_found` rather than failing the batch.
   */
  async bulkAdd(caller: Caller, body: BulkAddBody): Promise<Record<string, unknown>> {
    const ownerId = ownerOf(caller);
    const imos = [...new Set(body.imos)];
    return this.entries.inOwnerTransaction(ownerId, async (sql) => {
      const change = await this.changeOf(ownerId, body, sql);
      const known = await this.entries.knownVessels(imos, sql);
      const existing = new Set(
        (await this.entries.findByImos(ownerId, imos, sql)).map((row) => row.imo),
      );
      const fresh = imos.filter((imo) => known.has(imo) && !existing.has(imo));
      const count = await this.entries.count(ownerId, sql);
      if (count + fresh.length > MAX_ENTRIES_PER_OWNER) throw limitReached();
      for (const imo of fresh)
        await this.entries.insert(
          ownerId,
          imo,
          { ...change, notifyOn: change.notifyOn ?? DEFAULT_NOTIFY_ON },
          this.clock.now(),
          sql,
        );
      if (existing.size > 0)
        await this.entries.update(ownerId, [...existing], change, this.clock.now(), sql);
      const rows = await this.entries.findByImos(ownerId, imos, sql);
      return {
        added: fresh.length,
        updated: existing.size,
        entries: rows.map(entryView),
        not_found: imos.filter((imo) => !known.has(imo)),
      };
    });
  }

  /** One action on up to 100 watched vessels; IMOs not on the watchlist are listed back. */
  async bulkAction(caller: Caller, body: BulkActionBody): Promise<Record<string, unknown>> {
    assertBulkFields(body);
    const ownerId = ownerOf(caller);
    const imos = [...new Set(body.imos)];
    const affected = await this.entries.inOwnerTransaction(ownerId, async (sql) => {
      if (body.action === 'remove') return this.entries.remove(ownerId, imos, sql);
      const change =
        body.action === 'set_category'
          ? await this.changeOf(ownerId, { category_id: body.category_id }, sql)
          : body.action === 'set_notify_on'
            ? { notifyOn: body.notify_on }
            : { label: body.label };
      return this.entries.update(ownerId, imos, change, this.clock.now(), sql);
    });
    const touched = new Set(affected);
    return {
      action: body.action,
      affected: touched.size,
      not_watched: imos.filter((imo) => !touched.has(imo)),
    };
  }

  /**
   * The columns a request changes. A category given without notify_on passes its
   * default_notify_on on to the entry (copied: later changes to the category's default do not
   * rewrite entries). An unknown or foreign category is 404.
   */
  private async changeOf(
    ownerId: string,
    body: Pick<AddEntryBody, 'label' | 'notify_on' | 'category_id' | 'sort_order'>,
    sql: Sql,
  ): Promise<EntryChange> {
    const change: EntryChange = {
      label: body.label,
      notifyOn: body.notify_on,
      sortOrder: body.sort_order,
    };
    if (body.category_id === null) change.categoryId = null;
    else if (body.category_id !== undefined) {
      const category = await this.categories.requireOwned(ownerId, body.category_id, sql);
      change.categoryId = category.id;
      change.notifyOn ??= category.default_notify_on;
    }
    return change;
  }

  private async viewOf(ownerId: string, imo: string, sql: Sql): Promise<Record<string, unknown>> {
    const [row] = await this.entries.findByImos(ownerId, [imo], sql);
    return entryView(row as NonNullable<typeof row>);
  }
}

/** A bulk action takes its own field and no other: a stray or missing one is a 400. */
function assertBulkFields(body: BulkActionBody): void {
  const wanted = BULK_ACTION_FIELD[body.action];
  const details: ErrorDetail[] = [];
  for (const field of ['category_id', 'notify_on', 'label'] as const) {
    const given = body[field] !== undefined;
    if (field === wanted && !given)
      details.push({ field, message: `${field} is required for action ${body.action}` });
    if (field !== wanted && given)
      details.push({ field, message: `${field} does not apply to action ${body.action}` });
  }
  if (details.length > 0)
    throw ApiError.badRequest('invalid_request', details.map((d) => d.message).join('; '), details);
}
