import type { CategoryRow } from './categories.repository';
import type { EntryRow } from './watchlist.repository';

/** An entry as the API shows it, with its category and vessel. */
export function entryView(row: EntryRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    imo_number: row.imo,
    label: row.label,
    notify_on: row.notify_on,
    category_id: row.category_id === null ? null : Number(row.category_id),
    sort_order: row.sort_order,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    watchlist_categories:
      row.category_id === null ? null : { id: Number(row.category_id), name: row.category_name },
    vessels: {
      name: row.vessel_name,
      vessel_type: row.vessel_type,
      flag: row.flag,
      risk_score: row.risk_score === null ? null : Number(row.risk_score),
      risk_tier: row.risk_tier,
    },
  };
}

export function categoryView(row: CategoryRow, depth: number): Record<string, unknown> {
  return {
    id: Number(row.id),
    name: row.name,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    sort_order: row.sort_order,
    default_notify_on: row.default_notify_on,
    depth,
    entries_count: row.entries_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
