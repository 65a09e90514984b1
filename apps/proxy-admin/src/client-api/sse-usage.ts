/** Token usage as OpenAI reports it. */
export interface ReportedUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

function usageOf(value: unknown): ReportedUsage | undefined {
  const usage = (value as { usage?: unknown } | null)?.usage as
    Record<string, unknown> | undefined | null;
  // Counts only: a fraction, a negative or a huge number would poison the Redis counters (and
  // fail the whole batch of limit operations it rides in), so such usage counts as none.
  if (!usage || !isTokenCount(usage.prompt_tokens) || !isTokenCount(usage.completion_tokens))
    return undefined;
  return { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens };
}

function isTokenCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < 1e9;
}

export function usageFromJson(body: unknown): ReportedUsage | undefined {
  return usageOf(body);
}

/**
 * Event text a watcher keeps unparsed before it counts what it holds: a usual stream fits (and
 * is never parsed when its usage comes), a long one without usage stays this small.
 */
export const MAX_UNPARSED_CHARS = 256 * 1024;

/**
 * Watches an SSE stream as it passes through (the bytes themselves are forwarded untouched):
 * picks up the `usage` chunk, and can count streamed content so usage can be estimated when an
 * upstream sends none. Only events that mention "usage" are parsed on the way; the others are
 * kept as text and parsed only if no usage ever came (the proxy asks every upstream for it, so
 * that is rare), or when more than MAX_UNPARSED_CHARS of them wait: they are then counted and
 * let go, so a long stream costs bounded memory.
 */
export class SseUsageWatcher {
  private pending = '';
  private readonly decoder = new TextDecoder();
  private readonly unparsed: string[] = [];
  private unparsedChars = 0;
  /** Content characters of events already counted and let go. */
  private countedChars = 0;
  usage: ReportedUsage | undefined;

  /** Event text held for a later count: at most MAX_UNPARSED_CHARS. */
  get heldChars(): number {
    return this.unparsedChars;
  }

  push(chunk: Uint8Array): void {
    const text = this.pending + this.decoder.decode(chunk, { stream: true });
    let start = 0;
    let end = text.indexOf('\n');
    while (end >= 0) {
      this.line(text, start, end);
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    this.pending = start === 0 ? text : text.slice(start);
  }

  /** Completion tokens: reported, or estimated at about 4 characters of content a token. */
  completionTokens(): number {
    if (this.usage) return this.usage.completion_tokens;
    this.countUnparsed();
    return Math.ceil(this.countedChars / 4);
  }

  private countUnparsed(): void {
    for (const data of this.unparsed) {
      const event = parseEvent(data);
      const choices = (event as { choices?: unknown } | undefined)?.choices;
      if (!Array.isArray(choices)) continue;
      for (const choice of choices) {
        const content = (choice as { delta?: { content?: unknown } }).delta?.content;
        if (typeof content === 'string') this.countedChars += content.length;
      }
    }
    this.forgetUnparsed();
  }

  private hold(data: string): void {
    this.unparsed.push(data);
    this.unparsedChars += data.length;
    if (this.unparsedChars > MAX_UNPARSED_CHARS) this.countUnparsed();
  }

  private forgetUnparsed(): void {
    this.unparsed.length = 0;
    this.unparsedChars = 0;
  }

  private line(text: string, start: number, end: number): void {
    if (!text.startsWith('data:', start)) return;
    const data = text.slice(start + 5, end).trim();
    if (data === '' || data === '[DONE]') return;
    if (!carriesUsage(data)) {
      if (!this.usage) this.hold(data);
      return;
    }
    const usage = usageOf(parseEvent(data));
    if (usage) {
      this.usage = usage;
      this.forgetUnparsed();
      this.countedChars = 0;
    } else {
      this.hold(data);
    }
  }
}

/**
 * Whether an event has a `usage` object (OpenAI sends `"usage":null` on every other chunk of a
 * stream that asked for usage). Inside a JSON string the quotes would be escaped, so a match is
 * always a key.
 */
function carriesUsage(data: string): boolean {
  let at = data.indexOf('"usage"');
  while (at >= 0) {
    let i = at + 7;
    for (let c = data.charCodeAt(i); c === 32 || c === 9 || c === 13 || c === 58;) {
      i += 1;
      c = data.charCodeAt(i);
    }
    if (data.charCodeAt(i) === 123) return true;
    at = data.indexOf('"usage"', i);
  }
  return false;
}

function parseEvent(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
