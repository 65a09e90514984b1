/**
 * PostgreSQL COPY text format (tab-separated, `\N` for null) for generated rows, so a loader can
 * stream them through `COPY … FROM STDIN` without building INSERT statements.
 */
import type { CellValue, Row } from './tables';

const NEEDS_COPY_ESCAPE = /[\\\t\n\r]/;
const NEEDS_ARRAY_QUOTE_ESCAPE = /["\\]/;

function escapeCopy(text: string): string {
  if (!NEEDS_COPY_ESCAPE.test(text)) return text;
  // Backslash first, then the characters COPY treats as delimiters.
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

/** An array literal for text[] or int[] columns: every element double-quoted. */
function arrayLiteral(values: readonly (string | number)[]): string {
  const items = values.map((value) =>
    typeof value === 'number'
      ? String(value)
      : NEEDS_ARRAY_QUOTE_ESCAPE.test(value)
        ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
        : `"${value}"`,
  );
  return `{${items.join(',')}}`;
}

function isPlainArray(value: CellValue): value is readonly string[] | readonly number[] {
  return Array.isArray(value) && value.every((item) => typeof item !== 'object');
}

/** One cell in COPY text form. */
export function copyCell(value: CellValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`cannot COPY ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (isPlainArray(value)) return escapeCopy(arrayLiteral(value));
  return escapeCopy(JSON.stringify(value));
}

/** One row as a COPY text line, newline included. */
export function copyLine(row: Row): string {
  let line = '';
  for (let i = 0; i < row.length; i += 1) {
    if (i > 0) line += '\t';
    line += copyCell(row[i] as CellValue);
  }
  return `${line}\n`;
}

/** Groups rows into COPY text chunks of about `chunkBytes` characters. */
export function* copyChunks(rows: Iterable<Row>, chunkBytes = 1 << 20): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += copyLine(row);
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}
