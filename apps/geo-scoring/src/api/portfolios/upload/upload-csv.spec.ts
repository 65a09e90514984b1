import { ApiError } from '@platform/http';
import { parseUpload } from './upload-csv';

function refusal(text: string): { status: number; code: string } {
  try {
    parseUpload(text);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected the upload to be refused');
}

describe('parseUpload', () => {
  it('chooses coordinates when the header has lat+lng or latitude+longitude', () => {
    expect(parseUpload('lat,lng\n1,2').mode).toBe('coordinates');
    expect(parseUpload(' LATITUDE , Longitude ,address\n1,2,x').mode).toBe('coordinates');
    expect(parseUpload('lat,address\n1,x').mode).toBe('address');
    expect(parseUpload('Address\nx').mode).toBe('address');
  });

  it('refuses a missing or unusable header with invalid_csv', () => {
    expect(refusal('')).toEqual({ status: 400, code: 'invalid_csv' });
    expect(refusal('\n\n')).toEqual({ status: 400, code: 'invalid_csv' });
    expect(refusal('lat;lng\n1;2')).toEqual({ status: 400, code: 'invalid_csv' });
    expect(refusal('address,Address\nx,y')).toEqual({ status: 400, code: 'invalid_csv' });
    expect(refusal('lat,lng\n"1,2')).toEqual({ status: 400, code: 'invalid_csv' });
  });

  it('counts data rows after skipping blank lines; 500 pass, 501 are too_many_rows', () => {
    const rows = (n: number) => Array.from({ length: n }, () => '1,2').join('\n\n');
    expect(parseUpload(`lat,lng\n${rows(500)}`).rows).toHaveLength(500);
    expect(refusal(`lat,lng\n${rows(501)}`)).toEqual({ status: 400, code: 'too_many_rows' });
  });

  it('validates coordinates as plain decimals in range', () => {
    const { rows } = parseUpload('lat,lng\n90,-180\n-90.5,0\n1e1,2\n0x10,1\nInfinity,1\n 5 , 6 ');
    expect(rows.map((row) => (row.kind === 'invalid' ? row.reason : row.kind))).toEqual([
      'point',
      'lat must be a number between -90 and 90',
      'point',
      'lat must be a number between -90 and 90',
      'lat must be a number between -90 and 90',
      'point',
    ]);
    expect(rows[2]).toMatchObject({ lat: 10, lng: 2, name: 'Row 3', address: null });
  });

  it('names rows by the name column, else the address, else their position', () => {
    const { rows } = parseUpload('name,lat,lng,address\nHQ,1,2,\n,1,2,"1 Main\nSt"\n,1,2,');
    expect(rows.map((row) => (row.kind === 'point' ? row.name : row.kind))).toEqual([
      'HQ',
      '1 Main St',
      'Row 3',
    ]);
  });

  it('marks rows with control characters, surplus fields or long labels invalid', () => {
    const { rows } = parseUpload(
      `name,address\nok,1 A St\nnul\u0000,2 B St\nx,3 C St,extra\n${'n'.repeat(201)},4 D St\nfine,\n`,
    );
    expect(rows.map((row) => (row.kind === 'invalid' ? row.reason : row.kind))).toEqual([
      'address',
      'row contains control characters',
      'row has 3 fields; the header has 2',
      'name must be at most 200 characters',
      'address is empty',
    ]);
  });
});
