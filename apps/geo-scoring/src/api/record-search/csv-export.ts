/** Cells a spreadsheet would run as a formula: = + - @, tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180): empty for null; a leading `'` when the text would start a formula
 * (CSV-injection guard); quoted, with quotes doubled, when it holds a quote, comma or line break.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A CSV document: the header row, then one row per record, each line ending in CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | null)[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** The first `max` Unicode code points of `text` (never splitting a surrogate pair). */
export function firstCodePoints(text: string, max: number): string {
  let result = '';
  let count = 0;
  for (const character of text) {
    if (count === max) break;
    result += character;
    count += 1;
  }
  return result;
}

/** `Content-Disposition` of an export named `<stem>-YYYYMMDD.csv` for the given UTC day. */
export function attachment(stem: string, today: string): string {
  return `attachment; filename="${stem}-${today.replace(/-/g, '')}.csv"`;
}
