/**
 * Decodes a batch of NMEA lines (an ingest request body) into positions and static updates, with
 * a reason for every line that is refused.
 *
 * Each line may start with a tag block; its `c:` gives the message time (unix seconds; 13-digit
 * values are read as milliseconds, as some feeds send them) and an `s:` starting with "sat" (any
 * case) marks the source as satellite. Lines without them take the batch's receivedAt and count
 * as terrestrial. A multipart message takes the time and source of the first part that has them.
 *
 * ais-stream-decoder refuses tag blocks, drops bad checksums without a word and shares one
 * multipart buffer across everything written to it, so the checks below run before it sees a
 * sentence: tag block stripped and verified, checksum verified, fields and payload alphabet
 * checked, multipart groups assembled, type and payload length checked, time window checked.
 * Only then is the message decoded (by one decoder instance per batch) and range-checked.
 */
import { MultipartAssembler, type Fragment, type RejectedFragments } from './multipart';
import { toPosition, toStatic, type MessageContext } from './message-fields';
import { parseTagBlock, splitSentence, verifyNmeaChecksum, withUpperCaseChecksum } from './nmea';
import { payloadBitLength, payloadMessageType } from './sixbit';
import { SyncAisDecoder } from './stream-decoder';
import type {
  AisSource,
  DecodedPosition,
  DecodedStatic,
  DecodeNmeaOptions,
  NmeaBatchResult,
  NmeaReject,
  RejectReason,
} from './types';

/** Message bits each supported type needs: 168 for position reports, 422 for type 5 (through
 * the destination; the final data-terminal and spare bits are often cut). */
const MIN_BITS = new Map<number, number>([
  [1, 168],
  [2, 168],
  [3, 168],
  [18, 168],
  [5, 422],
]);

/** Tag block time and source of one line; null where the line's tag block lacks them. */
interface LineMeta {
  timestamp: Date | null;
  source: AisSource | null;
}

const SATELLITE_SOURCE = /^sat/i;
const ENDS_WITH_CHECKSUM = /\*[0-9A-Fa-f]{2}$/;
/** From 10^11 on, a `c:` value is a millisecond time (10^11 seconds is past the year 5000). */
const MILLISECOND_TIMES_FROM = 1e11;

/** Decodes every line of `text`; blank lines are skipped and not counted. */
export function decodeNmeaBatch(text: string, options: DecodeNmeaOptions): NmeaBatchResult {
  const batch = new BatchDecoder(options);
  const rawLines = text.split('\n');
  for (let index = 0; index < rawLines.length; index += 1) {
    const line = rawLines[index].trim();
    if (line.length > 0) batch.readLine(line, index + 1);
  }
  return batch.finish();
}

class BatchDecoder {
  private readonly decoder = new SyncAisDecoder();
  private readonly assembler = new MultipartAssembler<LineMeta>();
  private readonly rejects: NmeaReject[] = [];
  private readonly positions: DecodedPosition[] = [];
  private readonly statics: DecodedStatic[] = [];
  private lines = 0;
  private decoded = 0;

  constructor(private readonly options: DecodeNmeaOptions) {}

  readLine(text: string, line: number): void {
    this.lines += 1;
    const tagged = parseTagBlock(text);
    if (!tagged.tagBlockValid) return this.reject(line, 'bad_tag_block');
    const meta = readMeta(tagged.tags.c, tagged.tags.s);
    if (meta === null) return this.reject(line, 'bad_tag_block');
    const sentence = tagged.sentence;
    if (sentence.charCodeAt(0) !== 33 /* ! */ || !ENDS_WITH_CHECKSUM.test(sentence))
      return this.reject(line, 'malformed');
    if (!verifyNmeaChecksum(sentence)) return this.reject(line, 'bad_checksum');
    const fields = splitSentence(sentence);
    if (fields === null) return this.reject(line, 'malformed');
    const fragment: Fragment<LineMeta> = {
      fields,
      sentence: withUpperCaseChecksum(sentence),
      line,
      meta,
    };
    if (fields.fragmentCount === 1) return this.readMessage([fragment]);
    const step = this.assembler.accept(fragment);
    for (const rejected of step.rejected) this.rejectFragments(rejected);
    if (step.complete !== null) this.readMessage(step.complete);
  }

  finish(): NmeaBatchResult {
    for (const rejected of this.assembler.flush()) this.rejectFragments(rejected);
    // Broken multipart groups are reported when the group after them shows up; restore order.
    this.rejects.sort((a, b) => a.line - b.line);
    return {
      lines: this.lines,
      decoded: this.decoded,
      rejected: this.rejects.length,
      rejects: this.rejects,
      positions: this.positions,
      statics: this.statics,
    };
  }

  private readMessage(fragments: Fragment<LineMeta>[]): void {
    const payload =
      fragments.length === 1
        ? fragments[0].fields.payload
        : fragments.map((fragment) => fragment.fields.payload).join('');
    const fillBits = fragments[fragments.length - 1].fields.fillBits;
    const messageType = payloadMessageType(payload);
    const minBits = MIN_BITS.get(messageType);
    if (minBits === undefined) return this.rejectAll(fragments, 'unsupported_type');
    if (payloadBitLength(payload, fillBits) < minBits)
      return this.rejectAll(fragments, 'malformed');
    const context = this.contextOf(fragments);
    const window = this.options.window;
    if (
      window !== undefined &&
      (context.timestamp < window.notBefore || context.timestamp > window.notAfter)
    )
      return this.rejectAll(fragments, 'timestamp_out_of_window');
    const message = this.decoder.decode(
      fragments.length === 1 ? fragments[0].sentence : fragments.map((part) => part.sentence),
    );
    if (message === null || message['type'] !== messageType)
      return this.rejectAll(fragments, 'malformed');
    if (messageType === 5) {
      const checked = toStatic(message, context);
      if (!checked.ok) return this.rejectAll(fragments, checked.reason);
      this.statics.push(checked.value);
    } else {
      const checked = toPosition(message, messageType as DecodedPosition['messageType'], context);
      if (!checked.ok) return this.rejectAll(fragments, checked.reason);
      this.positions.push(checked.value);
    }
    this.decoded += fragments.length;
  }

  private contextOf(fragments: Fragment<LineMeta>[]): MessageContext {
    let timestamp: Date | null = null;
    let source: AisSource | null = null;
    for (const { meta } of fragments) {
      timestamp ??= meta.timestamp;
      source ??= meta.source;
    }
    return {
      line: fragments[0].line,
      lines: fragments.length === 1 ? [fragments[0].line] : fragments.map((part) => part.line),
      timestamp: timestamp ?? this.options.receivedAt,
      source: source ?? 'terrestrial',
    };
  }

  private reject(line: number, reason: RejectReason): void {
    this.rejects.push({ line, reason });
  }

  private rejectAll(fragments: Fragment<LineMeta>[], reason: RejectReason): void {
    for (const fragment of fragments) this.reject(fragment.line, reason);
  }

  private rejectFragments(rejected: RejectedFragments<LineMeta>): void {
    this.rejectAll(rejected.fragments, rejected.reason);
  }
}

/** The time and source a tag block gives, or null when its time is not a usable instant. */
function readMeta(c: number | undefined, s: string | undefined): LineMeta | null {
  let timestamp: Date | null = null;
  if (c !== undefined) {
    timestamp = new Date(c >= MILLISECOND_TIMES_FROM ? c : c * 1000);
    if (Number.isNaN(timestamp.getTime())) return null;
  }
  const source: AisSource | null =
    s === undefined ? null : SATELLITE_SOURCE.test(s) ? 'satellite' : 'terrestrial';
  return { timestamp, source };
}
