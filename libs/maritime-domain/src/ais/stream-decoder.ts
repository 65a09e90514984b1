/**
 * Drives ais-stream-decoder synchronously, one message at a time.
 *
 * The package is a Transform stream: it exports its class as `default` from CommonJS, pushes each
 * decoded message as a JSON string, ends the stream on the first bad line unless `silent`, and
 * keeps one multipart buffer per instance. So every batch gets its own instance in silent mode,
 * and it is only ever given whole, already-validated groups (checksum verified, tag block
 * removed, parts in order). Its transform runs inside write() and pushes the message before
 * write() returns; the subclass catches that push instead of queueing it on the readable side,
 * which would cost a buffer, an event and a tick per message.
 */
import AisDecoder from 'ais-stream-decoder';

/** A decoded message as the package emits it; which fields exist depends on the type. */
export type LibraryMessage = Readonly<Record<string, unknown>>;

class CapturingAisDecoder extends AisDecoder {
  captured: unknown = null;

  override push(chunk: unknown): boolean {
    this.captured = chunk;
    return true;
  }
}

export class SyncAisDecoder {
  private decoder: CapturingAisDecoder;

  constructor() {
    this.decoder = SyncAisDecoder.create();
  }

  /**
   * Silent mode swallows the package's own decoding errors; any other error would destroy the
   * stream. The listener keeps such an error from being thrown as an unhandled 'error' event.
   */
  private static create(): CapturingAisDecoder {
    const decoder = new CapturingAisDecoder({ silent: true }, { decodeStrings: false });
    decoder.on('error', () => undefined);
    return decoder;
  }

  /** Decodes one message from its sentence(s); null when the package drops or cannot read it. */
  decode(sentences: string | readonly string[]): LibraryMessage | null {
    const decoder = this.decoder;
    decoder.captured = null;
    if (typeof sentences === 'string') decoder.write(sentences);
    else for (const sentence of sentences) decoder.write(sentence);
    const output = decoder.captured;
    decoder.captured = null;
    // An error marks the stream errored (not yet destroyed) at once; it takes no more writes.
    if (!decoder.writable) this.decoder = SyncAisDecoder.create();
    if (typeof output !== 'string') return null;
    try {
      const parsed: unknown = JSON.parse(output);
      return typeof parsed === 'object' && parsed !== null ? (parsed as LibraryMessage) : null;
    } catch {
      return null;
    }
  }
}

/** A finite number field, or null (the package writes "not available" and NaN as null). */
export function numberField(message: LibraryMessage, field: string): number | null {
  const value = message[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A string field, or null when absent or empty. */
export function textField(message: LibraryMessage, field: string): string | null {
  const value = message[field];
  return typeof value === 'string' && value.length > 0 ? value : null;
}
