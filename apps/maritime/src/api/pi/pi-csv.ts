import { ApiError } from '@platform/http';
import { isValidImo, normaliseName } from '@platform/maritime-domain';
import { parse } from 'csv-parse/sync';

export const PI_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const PI_IMPORT_MAX_ROWS = 50_000;
/** How many invalid rows a response lists (all are counted). */
export const PI_INVALID_ROWS_SHOWN = 100;

export const PI_CSV_COLUMNS = [
  'imo_number',
  'club',
  'cover_type',
  'policy_year',
  'inception',
  'expiry',
  'gt_entered',
] as const;
type Column = (typeof PI_CSV_COLUMNS)[number];
/** gt_entered may be left out of the header (and each value may be empty). */
const OPTIONAL_COLUMNS: ReadonlySet<Column> = new Set(['gt_entered']);

export const COVER_TYPES = ['owners_entry', 'charterers'] as const;

export interface InvalidRow {
  line: number;
  error: string;
}

/** One well-formed data row; `line` is its line in the file (the header is line 1). */
export interface PiCsvRow {
  line: number;
  imo: string;
  club: string;
  coverType: string;
  policyYear: number;
  inception: string;
  expiry: string;
  gtEntered: number | null;
}

export interface ParsedPiCsv {
  /** Data rows read (blank lines are not rows). */
  processed: number;
  rows: PiCsvRow[];
  invalid: InvalidRow[];
}

const MAX_CLUB_LENGTH = 200;

const invalidCsv = (message: string): ApiError => ApiError.badRequest('invalid_csv', message);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string): boolean =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

function records(text: string): CsvRecord[] {
  try {
    // Mixed line endings are common in hand-edited files; one delimiter keeps the parser simple.
    return parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    throw invalidCsv(`The CSV could not be parsed: ${(error as Error).message}`);
  }
}

/** Column positions from the header: any order and case; unknown columns are ignored. */
function columnsOf(header: readonly string[]): Map<Column, number> {
  const positions = new Map<Column, number>();
  header.forEach((raw, index) => {
    const name = raw.trim().toLowerCase() as Column;
    if (!(PI_CSV_COLUMNS as readonly string[]).includes(name)) return;
    if (positions.has(name)) throw invalidCsv(`The header names the column "${name}" twice`);
    positions.set(name, index);
  });
  const missing = PI_CSV_COLUMNS.filter((c) => !OPTIONAL_COLUMNS.has(c) && !positions.has(c));
  if (missing.length > 0)
    throw invalidCsv(
      `The header lacks ${missing.join(', ')}; expected ${PI_CSV_COLUMNS.join(',')} in any order`,
    );
  return positions;
}

function rowOf(
  values: readonly string[],
  line: number,
  columns: Map<Column, number>,
): PiCsvRow | InvalidRow {
  const get = (column: Column): string => {
    const index = columns.get(column);
    return index === undefined ? '' : (values[index] ?? '').trim();
  };
  const errors: string[] = [];
  const imo = get('imo_number');
  if (!isValidImo(imo)) errors.push('imo_number must be 7 digits with a valid IMO check digit');
  const club = get('club');
  if (club === '' || club.length > MAX_CLUB_LENGTH)
    errors.push(`club must be 1 to ${MAX_CLUB_LENGTH} characters`);
  const coverType = get('cover_type').toLowerCase();
  if (!(COVER_TYPES as readonly string[]).includes(coverType))
    errors.push(`cover_type must be one of ${COVER_TYPES.join(', ')}`);
  const year = get('policy_year');
  const policyYear = Number(year);
  if (!/^\d{4}$/.test(year) || policyYear < 1950 || policyYear > 2100)
    errors.push('policy_year must be a year from 1950 to 2100');
  const inception = get('inception');
  const expiry = get('expiry');
  if (!isDay(inception)) errors.push('inception must be a date YYYY-MM-DD');
  if (!isDay(expiry)) errors.push('expiry must be a date YYYY-MM-DD');
  if (isDay(inception) && isDay(expiry) && expiry <= inception)
    errors.push('expiry must be after inception');
  const gt = get('gt_entered');
  const gtEntered = gt === '' ? null : Number(gt);
  if (gtEntered !== null && (!/^\d+$/.test(gt) || gtEntered < 1 || gtEntered > 2_147_483_647))
    errors.push('gt_entered must be empty or a whole number from 1');
  if (errors.length > 0) return { line, error: errors.join('; ') };
  return { line, imo, club, coverType, policyYear, inception, expiry, gtEntered };
}

/**
 * Reads a P&I coverage CSV. The whole file is refused (400 invalid_csv) when it cannot be
 * parsed, holds a NUL character, has no header, its header lacks a required column or names one
 * twice, or it holds more than 50,000 data rows. Otherwise each row is either well-formed or
 * listed with every problem.
 */
export function parsePiCsv(text: string): ParsedPiCsv {
  // PostgreSQL text cannot hold NUL, and no CSV of cover has a reason to.
  if (text.includes('\u0000')) throw invalidCsv('The CSV contains a NUL character');
  const all = records(text);
  const header = all[0];
  if (header === undefined) throw invalidCsv('The CSV is empty: a header row is required');
  const columns = columnsOf(header.record);
  const data = all.slice(1);
  if (data.length > PI_IMPORT_MAX_ROWS)
    throw invalidCsv(
      `The CSV holds ${data.length} rows; at most ${PI_IMPORT_MAX_ROWS} are accepted`,
    );
  const rows: PiCsvRow[] = [];
  const invalid: InvalidRow[] = [];
  for (const { record, info } of data) {
    const parsed = rowOf(record, info.lines, columns);
    if ('error' in parsed) invalid.push(parsed);
    else rows.push(parsed);
  }
  return { processed: data.length, rows, invalid };
}

export interface ClubKey {
  id: string;
  slug: string;
  name: string;
  aliases: string[];
}

/** Finds a club by its slug, or by its name or an alias after name normalisation. */
export class ClubMatcher {
  private readonly bySlug = new Map<string, string>();
  private readonly byName = new Map<string, string>();

  constructor(clubs: readonly ClubKey[]) {
    for (const club of clubs) {
      this.bySlug.set(club.slug, club.id);
      for (const name of [club.name, ...club.aliases]) {
        const key = normaliseName(name);
        if (key !== '' && !this.byName.has(key)) this.byName.set(key, club.id);
      }
    }
  }

  match(given: string): string | null {
    return (
      this.bySlug.get(given.trim().toLowerCase()) ?? this.byName.get(normaliseName(given)) ?? null
    );
  }
}
