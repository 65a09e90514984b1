/**
 * IMO ship identification numbers: seven digits whose last is a check digit,
 * (7·d1 + 6·d2 + 5·d3 + 4·d4 + 3·d5 + 2·d6) mod 10 = d7. 9074729 and 1234567 are valid,
 * 9999999 is not. The database enforces the same rule (CHECK imo_valid(imo)).
 */
const IMO_PATTERN = /^\d{7}$/;

/** The check digit of the first six digits of an IMO number. */
export function imoCheckDigit(firstSix: string): number {
  if (!/^\d{6}$/.test(firstSix)) throw new RangeError('an IMO prefix has exactly six digits');
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += (7 - i) * (firstSix.charCodeAt(i) - 48);
  return sum % 10;
}

/** True when `value` is seven digits with a correct check digit. */
export function isValidImo(value: string): boolean {
  return IMO_PATTERN.test(value) && imoCheckDigit(value.slice(0, 6)) === value.charCodeAt(6) - 48;
}

/** Completes six digits into a valid IMO number. */
export function imoFromPrefix(firstSix: string): string {
  return `${firstSix}${imoCheckDigit(firstSix)}`;
}
