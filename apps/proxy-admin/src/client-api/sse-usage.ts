/** Token usage as OpenAI reports it. */
export interface ReportedUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

function usageOf(value: unknown): ReportedUsage | undefined {
  const usage = (value as { usage?: unknown } | null)?.usage as
    Record<string, unknown> | undefined | null;
  if (
    !usage ||
    typeof usage.prompt_tokens !== 'number' ||
    typeof usage.completion_tokens !== 'number'
  )
    return undefined;
  return { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens };
}

export function usageFromJson(body: unknown): ReportedUsage | undefined {
  return usageOf(body);
}

/**
 * Watches an SSE stream as it passes through (the bytes themselves are forwarded untouched):
 * picks up the final `usage` chunk, and counts streamed content so usage can be estimated when
 * an upstream sends none.
 */
export class SseUsageWatcher {
  private pending = '';
  private readonly decoder = new TextDecoder();
  usage: ReportedUsage | undefined;
  contentChars = 0;

  push(chunk: Uint8Array): void {
    this.pending += this.decoder.decode(chunk, { stream: true });
    let end = this.pending.indexOf('\n');
    while (end >= 0) {
      this.line(this.pending.slice(0, end).replace(/\r$/, ''));
      this.pending = this.pending.slice(end + 1);
      end = this.pending.indexOf('\n');
    }
  }

  /** Completion tokens: reported, or estimated at about 4 characters a token. */
  completionTokens(): number {
    return this.usage?.completion_tokens ?? Math.ceil(this.contentChars / 4);
  }

  private line(line: string): void {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '' || data === '[DONE]') return;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return;
    }
    this.usage = usageOf(event) ?? this.usage;
    const choices = (event as { choices?: unknown }).choices;
    if (Array.isArray(choices)) {
      for (const choice of choices) {
        const content = (choice as { delta?: { content?: unknown } }).delta?.content;
        if (typeof content === 'string') this.contentChars += content.length;
      }
    }
  }
}
