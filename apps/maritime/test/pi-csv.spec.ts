// The P&I CSV reader and club matcher on their own (no database).
import { ApiError } from '@platform/http';
import { ClubMatcher, parsePiCsv } from '../src/api/pi/pi-csv';

const CLUBS = new ClubMatcher([
  { id: '1', slug: 'gard', name: 'Gard P. & I. (Bermuda) Ltd', aliases: ['Gard AS'] },
  {
    id: '2',
    slug: 'shipowners',
    name: 'The Shipowners\u2019 Mutual Protection and Indemnity Association (Luxembourg)',
    aliases: ['Shipowners Club'],
  },
  {
    id: '3',
    slug: 'uk-pi',
    name: 'The United Kingdom Mutual Steam Ship Assurance Association Limited',
    aliases: ['UK P&I Club'],
  },
]);

function csvError(text: string): string {
  try {
    parsePiCsv(text);
  } catch (error) {
    return `${(error as ApiError).status} ${(error as ApiError).code}`;
  }
  return 'accepted';
}

describe('ClubMatcher', () => {
  it('matches a slug in any case, a normalised name or an alias', () => {
    expect(
      ['GARD', ' uk-pi ', 'gard p & i bermuda', 'GARD AS', 'uk p&i club'].map((c) =>
        CLUBS.match(c),
      ),
    ).toEqual(['1', '3', '1', '1', '3']);
    // Curly and straight apostrophes, and the company suffix, normalise away.
    expect(
      CLUBS.match("The Shipowners' Mutual Protection and Indemnity Association (Luxembourg)"),
    ).toBe('2');
    expect(CLUBS.match('The United Kingdom Mutual Steam Ship Assurance Association')).toBe('3');
  });

  it('does no fuzzy matching', () => {
    expect(['Gardd', 'UK', 'Shipowner Club', ''].map((c) => CLUBS.match(c))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('parsePiCsv', () => {
  it('lists a club name that is empty or over 200 characters as an invalid row', () => {
    const parsed = parsePiCsv(
      `imo_number,club,cover_type,policy_year,inception,expiry\n9074729,,owners_entry,2026,2026-02-20,2027-02-20\n9074729,${'x'.repeat(201)},owners_entry,2026,2026-02-20,2027-02-20\n`,
    );
    expect(parsed.invalid).toEqual([
      { line: 2, error: 'club must be 1 to 200 characters' },
      { line: 3, error: 'club must be 1 to 200 characters' },
    ]);
  });

  it('reads a BOM, any header order and case, CRLF, and skips blank lines but keeps line numbers', () => {
    const parsed = parsePiCsv(
      '\ufeffEXPIRY,imo_number,Club,cover_type,Policy_Year,inception\r\n\r\n2027-02-20,9074729,gard,OWNERS_ENTRY,2026,2026-02-20\r\n, , ,,,\r\n',
    );
    expect(parsed).toEqual({
      processed: 1,
      invalid: [],
      rows: [
        {
          line: 3,
          imo: '9074729',
          club: 'gard',
          coverType: 'owners_entry',
          policyYear: 2026,
          inception: '2026-02-20',
          expiry: '2027-02-20',
          gtEntered: null,
        },
      ],
    });
  });

  it('refuses a missing or repeated required column, an empty file and broken quoting', () => {
    expect(csvError('')).toBe('400 invalid_csv');
    expect(csvError('imo_number,club,cover_type,policy_year,inception\n')).toBe('400 invalid_csv');
    expect(csvError('imo_number,IMO_NUMBER,club,cover_type,policy_year,inception,expiry\n')).toBe(
      '400 invalid_csv',
    );
    expect(
      csvError('imo_number,club,cover_type,policy_year,inception,expiry\n"9074729,gard\n'),
    ).toBe('400 invalid_csv');
    expect(
      csvError('imo_number,club,cover_type,policy_year,inception,expiry\n9074729,g\u0000ard\n'),
    ).toBe('400 invalid_csv');
    expect(csvError('imo_number,club,cover_type,policy_year,inception,expiry\n')).toBe('accepted');
  });
});
