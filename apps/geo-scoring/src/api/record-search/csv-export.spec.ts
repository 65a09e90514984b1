import { attachment, csvCell, firstCodePoints, toCsv } from './csv-export';

describe('csvCell', () => {
  it('leaves plain text alone and writes null as an empty cell', () => {
    expect(csvCell('Austin')).toBe('Austin');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('quotes cells with commas, quotes or line breaks (RFC 4180)', () => {
    expect(csvCell('1 Main St, Suite 2')).toBe('"1 Main St, Suite 2"');
    expect(csvCell('the "best"')).toBe('"the ""best"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('prefixes cells that would start a formula with a quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const value = `${start}HYPERLINK("http://x")`;
      const cell = csvCell(value);
      expect(cell.startsWith(`"'${start}`) || cell.startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1),x')).toBe('"\'@SUM(A1),x"');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['1', null],
          ['=x', 'y,z'],
        ],
      ),
    ).toBe('A,B\r\n1,\r\n\'=x,"y,z"\r\n');
    expect(toCsv(['A'], [])).toBe('A\r\n');
  });
});

describe('firstCodePoints', () => {
  it('counts code points, never splitting a surrogate pair', () => {
    expect(firstCodePoints('abc', 2)).toBe('ab');
    expect(firstCodePoints('😀😀😀', 2)).toBe('😀😀');
    expect(firstCodePoints('short', 200)).toBe('short');
  });
});

describe('attachment', () => {
  it('names the file after the stem and the UTC day', () => {
    expect(attachment('zba-decisions', '2026-03-31')).toBe(
      'attachment; filename="zba-decisions-20260331.csv"',
    );
  });
});
