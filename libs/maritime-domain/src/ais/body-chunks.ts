export interface NmeaBodyChunk {
  text: string;
  /** 1-based physical line number of the chunk's first line in the whole body. */
  firstLine: number;
}

const CONTINUATION = /^[!$][A-Z]{2}VD[MO],(\d),(\d),/;

/** True for the second or later sentence of a multipart group (tag block allowed before it). */
function continuesGroup(line: string): boolean {
  let sentence = line;
  if (sentence.startsWith('\\')) {
    const end = sentence.indexOf('\\', 1);
    if (end === -1) return false;
    sentence = sentence.slice(end + 1);
  }
  const match = CONTINUATION.exec(sentence);
  return match !== null && Number(match[2]) > 1;
}

/**
 * Splits an NMEA body into chunks of about `targetLines` physical lines, never between the
 * sentences of a multipart group, so each chunk decodes on its own exactly as the whole body
 * would. Lets an ingest decode one chunk while the database writes the previous one.
 */
export function splitNmeaBody(text: string, targetLines: number): NmeaBodyChunk[] {
  if (!Number.isInteger(targetLines) || targetLines < 1)
    throw new RangeError('targetLines must be a positive integer');
  const chunks: NmeaBodyChunk[] = [];
  let chunkStart = 0;
  let chunkFirstLine = 1;
  let lineNumber = 1;
  let linesInChunk = 0;
  let position = 0;
  while (position <= text.length) {
    const end = text.indexOf('\n', position);
    const lineEnd = end === -1 ? text.length : end;
    if (linesInChunk >= targetLines && !continuesGroup(text.slice(position, lineEnd).trimStart())) {
      chunks.push({ text: text.slice(chunkStart, position), firstLine: chunkFirstLine });
      chunkStart = position;
      chunkFirstLine = lineNumber;
      linesInChunk = 0;
    }
    linesInChunk += 1;
    lineNumber += 1;
    if (end === -1) break;
    position = end + 1;
  }
  if (chunkStart < text.length)
    chunks.push({ text: text.slice(chunkStart), firstLine: chunkFirstLine });
  return chunks;
}
