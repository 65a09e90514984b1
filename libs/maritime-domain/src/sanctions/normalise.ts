/**
 * Name normalisation for sanctions screening. Names are compared only after this, so that
 * spelling noise (case, diacritics, punctuation, "M/V", "Co., Ltd.") never decides a match, while
 * no two genuinely different names are made equal by fuzzy rules.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Letters that Unicode decomposition leaves whole but that registries spell in plain Latin. */
const LATIN_FOLDS: Readonly<Record<string, string>> = {
  Ø: 'O',
  Đ: 'D',
  Ł: 'L',
  Ħ: 'H',
  Æ: 'AE',
  Œ: 'OE',
  Þ: 'TH',
  Ð: 'D',
  ẞ: 'SS',
};
const LATIN_FOLD_PATTERN = new RegExp(`[${Object.keys(LATIN_FOLDS).join('')}]`, 'gu');

/**
 * Ship-type prefixes dropped from the start of a name, as token sequences. Punctuation has become
 * spaces by then, so "M/V" arrives as the two tokens "M V".
 */
const LEADING_PREFIXES: readonly (readonly string[])[] = [
  ['MV'],
  ['M', 'V'],
  ['MT'],
  ['M', 'T'],
  ['SS'],
  ['S', 'S'],
  ['MS'],
  ['M', 'S'],
  ['MY'],
  ['M', 'Y'],
];

/** Company-form suffixes dropped from the end, including their dotted spellings ("S.A."). */
const TRAILING_SUFFIXES: readonly (readonly string[])[] = [
  ['LTD'],
  ['LIMITED'],
  ['LLC'],
  ['L', 'L', 'C'],
  ['INC'],
  ['CO'],
  ['CORP'],
  ['SA'],
  ['S', 'A'],
  ['AS'],
  ['A', 'S'],
  ['PLC'],
  ['P', 'L', 'C'],
  ['GMBH'],
];

function foldToUppercaseLatin(value: string): string {
  // Upper-casing can itself produce decomposable letters (for example "ǰ" → "J̌"), so the
  // decomposition runs on both sides of it.
  return value
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toUpperCase()
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(LATIN_FOLD_PATTERN, (letter) => LATIN_FOLDS[letter] ?? letter);
}

function startsWith(tokens: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((token, i) => tokens[i] === token);
}

function endsWith(tokens: readonly string[], suffix: readonly string[]): boolean {
  const offset = tokens.length - suffix.length;
  return offset >= 0 && suffix.every((token, i) => tokens[offset + i] === token);
}

/** Drops affixes repeatedly ("CO LTD"), but never the last remaining token: a ship may be called "MY". */
function stripAffixes(tokens: string[]): string[] {
  let result = tokens;
  let changed = true;
  while (changed) {
    changed = false;
    for (const prefix of LEADING_PREFIXES) {
      if (result.length > prefix.length && startsWith(result, prefix)) {
        result = result.slice(prefix.length);
        changed = true;
        break;
      }
    }
  }
  changed = true;
  while (changed) {
    changed = false;
    for (const suffix of TRAILING_SUFFIXES) {
      if (result.length > suffix.length && endsWith(result, suffix)) {
        result = result.slice(0, result.length - suffix.length);
        changed = true;
        break;
      }
    }
  }
  return result;
}

function tokensOf(value: string): string[] {
  const spaced = foldToUppercaseLatin(value).replace(NOT_LETTER_OR_DIGIT, ' ').trim();
  return spaced === '' ? [] : stripAffixes(spaced.split(' '));
}

/**
 * The comparable form of a vessel or company name: decomposed and without diacritics, upper
 * case, every run of characters other than letters and digits turned into one space, the leading
 * ship prefix (MV, M/V, MT, M/T, SS, MS, MY) and trailing company forms (LTD, LIMITED, LLC, INC, CO,
 * CORP, SA, AS, PLC, GMBH) dropped. "M/V Ténéré Shipping Co., Ltd." → "TENERE SHIPPING".
 * Idempotent; an empty or all-punctuation name gives "".
 */
export function normaliseName(value: string): string {
  return tokensOf(value).join(' ');
}

/** The normalised name with its words sorted, so "PETROV IVAN" equals "IVAN PETROV". */
export function tokenSorted(value: string): string {
  return tokensOf(value)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join(' ');
}
