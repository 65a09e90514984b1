/**
 * NMEA 0183 framing used by AIS feeds: the `*hh` checksum, NMEA 4 tag blocks
 * (`\c:1700000000,s:sat-1*hh\` before a sentence), and the fields of `!AIVDM`/`!AIVDO` sentences.
 */

/** XOR of the characters of `body`, as two upper-case hex digits. */
export function nmeaChecksum(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum ^= body.charCodeAt(i);
  return sum < 16 ? `0${sum.toString(16).toUpperCase()}` : sum.toString(16).toUpperCase();
}

const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/**
 * True when `sentence` is `!body*hh` or `$body*hh` and hh (either case) is the checksum of body.
 * Everything before the start character (such as a tag block) must already be removed.
 */
export function verifyNmeaChecksum(sentence: string): boolean {
  const first = sentence.charCodeAt(0);
  if (first !== 33 /* ! */ && first !== 36 /* $ */) return false;
  const star = sentence.length - 3;
  if (star < 1 || sentence.charCodeAt(star) !== 42 /* * */) return false;
  const given = sentence.slice(star + 1);
  if (!HEX_PAIR.test(given)) return false;
  return nmeaChecksum(sentence.slice(1, star)) === given.toUpperCase();
}

/** The sentence with its checksum rewritten in upper case, the only form some decoders accept. */
export function withUpperCaseChecksum(sentence: string): string {
  const star = sentence.length - 3;
  const given = sentence.slice(star + 1);
  const upper = given.toUpperCase();
  return given === upper ? sentence : sentence.slice(0, star + 1) + upper;
}

/**
 * Tag block fields. `c` is the receive time in unix seconds, `s` the source (a station or
 * satellite name), `g` the sentence group, `n` a line counter, `r` a relative time, `d` the
 * destination and `t` free text; unknown keys are kept as strings.
 */
export interface TagBlockTags {
  c?: number;
  s?: string;
  d?: string;
  g?: string;
  n?: number;
  r?: number;
  t?: string;
  [key: string]: string | number | undefined;
}

export interface ParsedTagBlock {
  tags: TagBlockTags;
  /** What follows the tag block, unchanged (the whole line when there is none). */
  sentence: string;
  hasTagBlock: boolean;
  /** False when the block is unterminated, lacks or fails its checksum, or has a bad field. */
  tagBlockValid: boolean;
}

const NUMERIC_TAGS = new Set(['c', 'n', 'r']);
const INTEGER = /^-?\d+$/;

/** Splits a leading `\…*hh\` tag block from a line and reads its fields. */
export function parseTagBlock(line: string): ParsedTagBlock {
  if (line.charCodeAt(0) !== 92 /* \ */)
    return { tags: {}, sentence: line, hasTagBlock: false, tagBlockValid: true };
  const end = line.indexOf('\\', 1);
  if (end === -1) return { tags: {}, sentence: '', hasTagBlock: true, tagBlockValid: false };
  const sentence = line.slice(end + 1);
  const block = line.slice(1, end);
  const star = block.lastIndexOf('*');
  const invalid: ParsedTagBlock = { tags: {}, sentence, hasTagBlock: true, tagBlockValid: false };
  if (star === -1) return invalid;
  const body = block.slice(0, star);
  const given = block.slice(star + 1);
  if (!HEX_PAIR.test(given) || nmeaChecksum(body) !== given.toUpperCase()) return invalid;
  const tags: TagBlockTags = {};
  for (const field of body.split(',')) {
    const colon = field.indexOf(':');
    if (colon < 1) return invalid;
    const key = field.slice(0, colon);
    const value = field.slice(colon + 1);
    if (NUMERIC_TAGS.has(key)) {
      if (!INTEGER.test(value)) return invalid;
      tags[key] = Number(value);
    } else {
      tags[key] = value;
    }
  }
  return { tags, sentence, hasTagBlock: true, tagBlockValid: true };
}

/** A tag block `\c:…,s:…*hh\` for the given fields (`c` first, then `s`, then the others). */
export function formatTagBlock(tags: TagBlockTags): string {
  const ordered = Object.entries(tags)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .sort(([a], [b]) => tagRank(a) - tagRank(b));
  const body = ordered.map(([key, value]) => `${key}:${value}`).join(',');
  return `\\${body}*${nmeaChecksum(body)}\\`;
}

function tagRank(key: string): number {
  if (key === 'c') return 0;
  if (key === 's') return 1;
  return 2;
}

/** The fields of one `!xxVDM` / `!xxVDO` sentence. */
export interface AisSentenceFields {
  /** Talker id, `AI` for a mobile AIS station (base stations use others, such as `BS`). */
  talker: string;
  /** `VDM` for a received message, `VDO` for the receiving ship's own report. */
  kind: 'VDM' | 'VDO';
  fragmentCount: number;
  /** 1-based position of this sentence in its group. */
  fragmentIndex: number;
  /** Sequential message id linking the sentences of one multipart group ('' when single). */
  sequenceId: string;
  channel: string;
  payload: string;
  fillBits: number;
  checksum: string;
}

const AIS_SENTENCE =
  /^!([A-Z]{2})(VDM|VDO),([1-9]),([1-9]),(\d?),([A-Z0-9]?),([0-W`-w]+),([0-5])\*([0-9A-Fa-f]{2})$/;

/**
 * Reads the fields of `!AIVDM,count,index,seqId,channel,payload,fill*hh`, or null when the
 * sentence is not of that shape (payload characters outside the armour alphabet, index above
 * count, fill bits above 5, and so on). The checksum is not verified here.
 */
export function splitSentence(sentence: string): AisSentenceFields | null {
  const match = AIS_SENTENCE.exec(sentence);
  if (match === null) return null;
  const fragmentCount = Number(match[3]);
  const fragmentIndex = Number(match[4]);
  if (fragmentIndex > fragmentCount) return null;
  return {
    talker: match[1],
    kind: match[2] as 'VDM' | 'VDO',
    fragmentCount,
    fragmentIndex,
    sequenceId: match[5],
    channel: match[6],
    payload: match[7],
    fillBits: Number(match[8]),
    checksum: match[9],
  };
}

/** `!AIVDM,count,index,seqId,channel,payload,fill*hh` with its checksum. */
export function formatSentence(fields: {
  fragmentCount: number;
  fragmentIndex: number;
  sequenceId: string;
  channel: string;
  payload: string;
  fillBits: number;
  talker?: string;
  kind?: 'VDM' | 'VDO';
}): string {
  const body = [
    `${fields.talker ?? 'AI'}${fields.kind ?? 'VDM'}`,
    fields.fragmentCount,
    fields.fragmentIndex,
    fields.sequenceId,
    fields.channel,
    fields.payload,
    fields.fillBits,
  ].join(',');
  return `!${body}*${nmeaChecksum(body)}`;
}
