import {
  formatSentence,
  formatTagBlock,
  nmeaChecksum,
  parseTagBlock,
  splitSentence,
  verifyNmeaChecksum,
} from './nmea';

// A widely published real sentence (MMSI 477553000).
const REAL = '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5C';

describe('NMEA checksum', () => {
  it('is the XOR of the characters between the start and the star, in upper-case hex', () => {
    expect(nmeaChecksum('AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0')).toBe('5C');
    expect(nmeaChecksum('')).toBe('00');
    expect(nmeaChecksum('A')).toBe('41');
    expect(nmeaChecksum('AC')).toBe('02'); // padded to two digits
  });

  it('verifies a sentence, in either case, and refuses a wrong, missing or mangled one', () => {
    expect(verifyNmeaChecksum(REAL)).toBe(true);
    expect(verifyNmeaChecksum(REAL.replace('*5C', '*5c'))).toBe(true);
    expect(verifyNmeaChecksum(REAL.replace('*5C', '*5D'))).toBe(false);
    expect(verifyNmeaChecksum(REAL.replace('177KQ', '177KR'))).toBe(false);
    expect(verifyNmeaChecksum(REAL.slice(0, -3))).toBe(false);
    expect(verifyNmeaChecksum(REAL.replace('*5C', '*ZZ'))).toBe(false);
    expect(verifyNmeaChecksum(`\\c:1*00\\${REAL}`)).toBe(false);
    expect(verifyNmeaChecksum('')).toBe(false);
  });
});

describe('tag blocks', () => {
  const tagged = `${formatTagBlock({ c: 1700000000, s: 'sat-1' })}${REAL}`;

  it('formats c and s first, with the block checksum', () => {
    expect(formatTagBlock({ s: 'sat-1', c: 1700000000 })).toBe(
      `\\c:1700000000,s:sat-1*${nmeaChecksum('c:1700000000,s:sat-1')}\\`,
    );
  });

  it('reads the fields and hands back the sentence unchanged', () => {
    expect(parseTagBlock(tagged)).toEqual({
      tags: { c: 1700000000, s: 'sat-1' },
      sentence: REAL,
      hasTagBlock: true,
      tagBlockValid: true,
    });
  });

  it('keeps other fields, with n and r as numbers', () => {
    const line = `${formatTagBlock({ c: 1, g: '1-2-42', n: 7, r: 3, d: 'x' })}${REAL}`;
    expect(parseTagBlock(line).tags).toEqual({ c: 1, g: '1-2-42', n: 7, r: 3, d: 'x' });
  });

  it('passes a line without a tag block through', () => {
    expect(parseTagBlock(REAL)).toEqual({
      tags: {},
      sentence: REAL,
      hasTagBlock: false,
      tagBlockValid: true,
    });
  });

  it('refuses a wrong checksum, a missing one, an unterminated block and a non-numeric time', () => {
    const wrong = tagged.replace('1700000000', '1700000001');
    expect(parseTagBlock(wrong)).toMatchObject({ tagBlockValid: false, sentence: REAL });
    expect(parseTagBlock(`\\c:1700000000\\${REAL}`).tagBlockValid).toBe(false);
    expect(parseTagBlock(`\\c:1700000000*${nmeaChecksum('c:1700000000')}`).tagBlockValid).toBe(
      false,
    );
    const body = 'c:soon,s:x';
    expect(parseTagBlock(`\\${body}*${nmeaChecksum(body)}\\${REAL}`).tagBlockValid).toBe(false);
    const noColon = 'c1700000000';
    expect(parseTagBlock(`\\${noColon}*${nmeaChecksum(noColon)}\\${REAL}`).tagBlockValid).toBe(
      false,
    );
  });
});

describe('splitSentence', () => {
  it('reads the seven fields', () => {
    expect(splitSentence(REAL)).toEqual({
      talker: 'AI',
      kind: 'VDM',
      fragmentCount: 1,
      fragmentIndex: 1,
      sequenceId: '',
      channel: 'B',
      payload: '177KQJ5000G?tO`K>RA1wUbN0TKH',
      fillBits: 0,
      checksum: '5C',
    });
    const part = formatSentence({
      fragmentCount: 2,
      fragmentIndex: 2,
      sequenceId: '7',
      channel: 'A',
      payload: '00000000000',
      fillBits: 2,
      kind: 'VDO',
    });
    expect(splitSentence(part)).toMatchObject({
      kind: 'VDO',
      fragmentCount: 2,
      fragmentIndex: 2,
      sequenceId: '7',
      fillBits: 2,
    });
  });

  it('refuses sentences of another shape', () => {
    for (const bad of [
      REAL.replace('!AIVDM', '$GPGGA'),
      REAL.replace(',0*5C', ',6*5C'), // fill bits above 5
      REAL.replace('1,1,,B', '1,2,,B'), // index above count
      REAL.replace('177KQ', '177K~'), // outside the armour alphabet
      REAL.replace('177KQJ5000G?tO`K>RA1wUbN0TKH', ''), // empty payload
      REAL.replace(',B,', ',B,X,'), // eight fields
      REAL.slice(0, -3),
      `\\c:1*00\\${REAL}`,
    ])
      expect(splitSentence(bad)).toBeNull();
  });
});
