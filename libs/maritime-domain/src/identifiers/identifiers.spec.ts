import fc from 'fast-check';
import { imoCheckDigit, imoFromPrefix, isValidImo, isValidMmsi, mmsiMid } from './index';

describe('IMO numbers', () => {
  it('accepts numbers whose seventh digit is the weighted check digit', () => {
    expect(isValidImo('9074729')).toBe(true);
    expect(isValidImo('1234567')).toBe(true);
    expect(imoCheckDigit('907472')).toBe(9);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    for (const bad of ['9999999', '9074728', '123456', '12345678', '12345a7', ' 9074729', ''])
      expect(isValidImo(bad)).toBe(false);
  });

  it('completes any six digits into a valid number, and one changed digit breaks it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.integer({ min: 0, max: 5 }), (six, at) => {
        const imo = imoFromPrefix(six);
        expect(isValidImo(imo)).toBe(true);
        const changed = `${(Number(imo[at]) + 1) % 10}`;
        expect(isValidImo(imo.slice(0, at) + changed + imo.slice(at + 1))).toBe(false);
      }),
    );
  });
});

describe('MMSI', () => {
  it('takes nine digits starting 2-7 and reads the MID', () => {
    expect(isValidMmsi('636012345')).toBe(true);
    expect(mmsiMid('636012345')).toBe(636);
    for (const bad of ['036012345', '836012345', '63601234', '6360123456', '63601234x'])
      expect(isValidMmsi(bad)).toBe(false);
  });
});
