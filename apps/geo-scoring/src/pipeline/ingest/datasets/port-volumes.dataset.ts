// Monthly port volumes, keyed by (port, first day of the month).
import { countUpserts, DatasetHandler } from './dataset';
import { Fields, LineError, matching, num, str } from './fields';
import { PORT_SLUG_PATTERN } from '@platform/geo-domain';

interface PortVolume {
  portSlug: string;
  month: string;
  teu: number;
  vesselCalls: number;
}

/** `YYYY-MM` or `YYYY-MM-01` → the month's first day. */
function month(f: Fields): string {
  const value = str(f, 'month', 10);
  const match = /^(\d{4})-(0[1-9]|1[0-2])(?:-01)?$/.exec(value);
  if (match === null) throw new LineError('month must be YYYY-MM (or YYYY-MM-01)');
  return `${match[1]}-${match[2]}-01`;
}

export const portVolumesDataset: DatasetHandler<PortVolume> = {
  name: 'port-volumes',
  followUp: 'none',
  parse: (f: Fields) => ({
    portSlug: matching(f, 'port_slug', PORT_SLUG_PATTERN, 'a port slug'),
    month: month(f),
    teu: num(f, 'teu', { integer: true, min: 0, max: 2_000_000_000 }),
    vesselCalls: num(f, 'vessel_calls', { integer: true, min: 0, max: 2_000_000_000 }),
  }),
  key: (r) => `${r.portSlug}|${r.month}`,
  async check(db, rows) {
    const known = await db.query<{ slug: string }[]>(
      'SELECT slug FROM ports WHERE slug = ANY($1::text[])',
      [[...new Set(rows.map((r) => r.record.portSlug))]],
    );
    const slugs = new Set(known.map((row) => row.slug));
    return rows.map((r) =>
      slugs.has(r.record.portSlug) ? null : `unknown port_slug ${r.record.portSlug}`,
    );
  },
  async write(tx, rows) {
    const result = await tx.query<{ inserted: boolean }[]>(
      `INSERT INTO port_volumes (port_slug, month, teu, vessel_calls, source_loaded_at)
       SELECT u.*, now() FROM unnest($1::text[], $2::date[], $3::int[], $4::int[]) AS u
       ON CONFLICT (port_slug, month) DO UPDATE SET teu = EXCLUDED.teu,
         vessel_calls = EXCLUDED.vessel_calls, source_loaded_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.record.portSlug),
        rows.map((r) => r.record.month),
        rows.map((r) => r.record.teu),
        rows.map((r) => r.record.vesselCalls),
      ],
    );
    return { ...countUpserts(result), metros: [] };
  },
};
