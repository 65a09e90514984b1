/**
 * AIS payload armouring: message bits are cut into 6-bit groups, and each group is written as one
 * printable character ('0'..'W' for 0..39, '`'..'w' for 40..63). Text fields use their own
 * 6-bit alphabet, in which '@' (value 0) pads and terminates a string.
 */

const SIX_BIT_TEXT = '@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_ !"#$%&\'()*+,-./0123456789:;<=>?';

/** The armour character of a 6-bit value. */
function armourChar(value: number): string {
  return String.fromCharCode(value < 40 ? value + 48 : value + 56);
}

/** The 6-bit value of an armour character, or -1 when the character is not one. */
export function sixBitValue(charCode: number): number {
  if (charCode >= 48 && charCode <= 87) return charCode - 48;
  if (charCode >= 96 && charCode <= 119) return charCode - 56;
  return -1;
}

/** The message type, read from the first six bits of an armoured payload (-1 when empty). */
export function payloadMessageType(payload: string): number {
  return payload.length === 0 ? -1 : sixBitValue(payload.charCodeAt(0));
}

/** Number of message bits an armoured payload carries once its fill bits are dropped. */
export function payloadBitLength(payload: string, fillBits: number): number {
  return payload.length * 6 - fillBits;
}

/**
 * What a text field reads back as after a round trip through AIS: upper case, accents dropped,
 * characters outside the 6-bit alphabet (and the '@' terminator) replaced by '?', cut to
 * `maxChars`, trailing spaces removed (decoders trim them with the '@' padding).
 */
export function aisText(value: string, maxChars: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  let out = '';
  for (const char of plain) {
    if (out.length === maxChars) break;
    out += char !== '@' && SIX_BIT_TEXT.includes(char) ? char : '?';
  }
  return out.trimEnd();
}

/** Builds a message field by field, then armours it. */
export class AisBitWriter {
  private readonly values: number[] = [];
  private pending = 0;
  private pendingBits = 0;
  private bitCount = 0;

  get length(): number {
    return this.bitCount;
  }

  /** An unsigned integer field of at most 30 bits; throws when the value does not fit. */
  uint(value: number, width: number): this {
    if (width < 1 || width > 30) throw new RangeError(`field width ${width} is not 1..30`);
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** width)
      throw new RangeError(`${value} does not fit in an unsigned ${width}-bit field`);
    for (let bit = width - 1; bit >= 0; bit -= 1) {
      this.pending = (this.pending << 1) | ((value >>> bit) & 1);
      this.pendingBits += 1;
      if (this.pendingBits === 6) {
        this.values.push(this.pending);
        this.pending = 0;
        this.pendingBits = 0;
      }
    }
    this.bitCount += width;
    return this;
  }

  /** A two's-complement signed integer field; throws when the value does not fit. */
  int(value: number, width: number): this {
    const limit = 2 ** (width - 1);
    if (!Number.isInteger(value) || value < -limit || value >= limit)
      throw new RangeError(`${value} does not fit in a signed ${width}-bit field`);
    return this.uint(value < 0 ? value + 2 ** width : value, width);
  }

  /** `width` zero bits: spare and reserved fields, or padding of any length. */
  zeros(width: number): this {
    for (let left = width; left > 0; left -= 30) this.uint(0, Math.min(30, left));
    return this;
  }

  bool(value: boolean): this {
    return this.uint(value ? 1 : 0, 1);
  }

  /** A text field of `chars` characters, normalised by {@link aisText} and padded with '@'. */
  text(value: string, chars: number): this {
    const normalised = aisText(value, chars);
    for (let i = 0; i < chars; i += 1) {
      const index = i < normalised.length ? SIX_BIT_TEXT.indexOf(normalised[i]) : 0;
      this.uint(index, 6);
    }
    return this;
  }

  /** The armoured payload; the last character is completed with zero fill bits. */
  armour(): { payload: string; fillBits: number } {
    let payload = '';
    for (const value of this.values) payload += armourChar(value);
    if (this.pendingBits === 0) return { payload, fillBits: 0 };
    const fillBits = 6 - this.pendingBits;
    return { payload: payload + armourChar(this.pending << fillBits), fillBits };
  }
}
