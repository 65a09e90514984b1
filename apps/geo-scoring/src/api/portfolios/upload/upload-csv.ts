import { ApiError } from '@platform/http';
import { parse } from 'csv-parse/sync';
import {
  codePointLength,
  hasControlCharacter,
} from '../../../platform/api-policy/dashboard-params';
import { MAX_ADDRESS, MAX_MEMBER_NAME } from '../dto/member.body';
import { MAX_MEMBERS_PER_REQUEST } from '../members-body.pipe';

/** Coordinates when the header names them; otherwise every row's address is geocoded. */
export type UploadMode = 'coordinates' | 'address';

export interface InvalidRow {
  rowIndex: number;
  kind: 'invalid';
  reason: string;
}

export interface PointRow {
  rowIndex: number;
  kind: 'point';
  name: string;
  lat: number;
  lng: number;
  address: string | null;
}

export interface AddressRow {
  rowIndex: number;
  kind: 'address';
  /** null: named after its address once geocoded. */
  name: string | null;
  address: string;
}

export type UploadRow = InvalidRow | PointRow | AddressRow;

export interface ParsedUpload {
  mode: UploadMode;
  /** One per data record, in file order; rowIndex is 1-based (the header is not counted). */
  rows: UploadRow[];
}

interface Columns {
  lat?: number;
  lng?: number;
  address?: number;
  name?: number;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function invalidCsv(message: string): ApiError {
  return ApiError.badRequest('invalid_csv', message);
}

function readRecords(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    });
  } catch (error) {
    throw invalidCsv(`The CSV could not be parsed: ${(error as Error).message}`);
  }
}

/** Which column holds what, from the header (case-insensitive, trimmed). */
function columnsOf(header: readonly string[]): { mode: UploadMode; columns: Columns } {
  const names = header.map((name) => name.trim().toLowerCase());
  const position = (...candidates: string[]): number | undefined => {
    for (const candidate of candidates) {
      const first = names.indexOf(candidate);
      if (first === -1) continue;
      if (names.indexOf(candidate, first + 1) !== -1) {
        throw invalidCsv(`The header names the column "${candidate}" more than once`);
      }
      return first;
    }
    return undefined;
  };
  const short = { lat: position('lat'), lng: position('lng') };
  const long = { lat: position('latitude'), lng: position('longitude') };
  const address = position('address');
  const name = position('name');
  const pair =
    short.lat !== undefined && short.lng !== undefined
      ? short
      : long.lat !== undefined && long.lng !== undefined
        ? long
        : undefined;
  if (pair !== undefined) return { mode: 'coordinates', columns: { ...pair, address, name } };
  if (address !== undefined) return { mode: 'address', columns: { address, name } };
  throw invalidCsv(
    'The first row must be a header with lat and lng (or latitude and longitude) columns, or an ' +
      'address column',
  );
}

/** A cell's text with runs of white space (line breaks of quoted cells included) made one space. */
function cell(record: readonly string[], column: number | undefined): string {
  return column === undefined ? '' : (record[column] ?? '').replace(/\s+/g, ' ').trim();
}

function coordinate(text: string, field: 'lat' | 'lng'): number | string {
  const bound = field === 'lat' ? 90 : 180;
  const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
  return Number.isFinite(value) && Math.abs(value) <= bound
    ? value
    : `${field} must be a number between -${bound} and ${bound}`;
}

/** Problems with the optional name and address cells, as one reason; undefined when fine. */
function labelProblems(name: string, address: string): string | undefined {
  const problems: string[] = [];
  if (codePointLength(name) > MAX_MEMBER_NAME) {
    problems.push(`name must be at most ${MAX_MEMBER_NAME} characters`);
  }
  if (codePointLength(address) > MAX_ADDRESS) {
    problems.push(`address must be at most ${MAX_ADDRESS} characters`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}

function rowOf(
  record: readonly string[],
  rowIndex: number,
  mode: UploadMode,
  columns: Columns,
  width: number,
): UploadRow {
  if (record.length > width) {
    return {
      rowIndex,
      kind: 'invalid',
      reason: `row has ${record.length} fields; the header has ${width}`,
    };
  }
  // Line breaks of quoted cells and tabs are white space; other controls (NUL above all) are not.
  if (record.some((text) => hasControlCharacter(text, '\t\n\r'))) {
    return { rowIndex, kind: 'invalid', reason: 'row contains control characters' };
  }
  const name = cell(record, columns.name);
  const address = cell(record, columns.address);
  const labels = labelProblems(name, address);
  if (mode === 'address') {
    if (address === '') return { rowIndex, kind: 'invalid', reason: 'address is empty' };
    if (labels !== undefined) return { rowIndex, kind: 'invalid', reason: labels };
    return { rowIndex, kind: 'address', name: name === '' ? null : name, address };
  }
  const lat = coordinate(cell(record, columns.lat), 'lat');
  const lng = coordinate(cell(record, columns.lng), 'lng');
  const problems = [lat, lng].filter((value): value is string => typeof value === 'string');
  if (labels !== undefined) problems.push(labels);
  if (problems.length > 0 || typeof lat !== 'number' || typeof lng !== 'number') {
    return { rowIndex, kind: 'invalid', reason: problems.join('; ') };
  }
  return {
    rowIndex,
    kind: 'point',
    name: name !== '' ? name : address !== '' ? address : `Row ${rowIndex}`,
    lat,
    lng,
    address: address === '' ? null : address,
  };
}

/**
 * Reads an uploaded CSV (see docs/geo-scoring/dashboard.md#csv-upload): BOM stripped, cells
 * trimmed, quoted multi-line cells allowed, blank lines skipped, row 1 always the header. More than
 * 500 data rows is 400 too_many_rows; an unreadable file or a header without lat/lng,
 * latitude/longitude or address is 400 invalid_csv. Each data row is then valid or not on its own.
 */
export function parseUpload(text: string): ParsedUpload {
  const records = readRecords(text);
  const header = records[0];
  if (header === undefined) {
    throw invalidCsv('The CSV is empty; its first row must be a header');
  }
  const { mode, columns } = columnsOf(header);
  const data = records.slice(1);
  if (data.length > MAX_MEMBERS_PER_REQUEST) {
    throw ApiError.badRequest(
      'too_many_rows',
      `At most ${MAX_MEMBERS_PER_REQUEST} data rows per upload; got ${data.length}`,
    );
  }
  return {
    mode,
    rows: data.map((record, i) => rowOf(record, i + 1, mode, columns, header.length)),
  };
}
