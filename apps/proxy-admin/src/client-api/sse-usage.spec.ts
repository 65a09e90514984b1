import { MAX_UNPARSED_CHARS, SseUsageWatcher, usageFromJson } from './sse-usage';

const event = (payload: unknown): string => `data: ${JSON.stringify(payload)}\n\n`;
const chunk = (content: string, usage: unknown = undefined): unknown => ({
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
  ...(usage === undefined ? {} : { usage }),
});

function watch(...pieces: string[]): SseUsageWatcher {
  const watcher = new SseUsageWatcher();
  for (const piece of pieces) watcher.push(Buffer.from(piece));
  return watcher;
}

describe('SseUsageWatcher', () => {
  it('takes the usage chunk, past `"usage":null` on the others, across split reads', () => {
    const text =
      event(chunk('Hello', null)) +
      event(chunk(' there', null)) +
      event({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } }) +
      'data: [DONE]\n\n';
    const watcher = watch(text.slice(0, 37), text.slice(37, 150), text.slice(150));
    expect(watcher.usage).toEqual({ prompt_tokens: 5, completion_tokens: 2 });
    expect(watcher.completionTokens()).toBe(2);
  });

  it('estimates completion tokens from the streamed content when no usage came', () => {
    const watcher = watch(
      event(chunk('abcdefgh')) +
        'data: {"choices":[{"delta":{"content":"\\"usage\\": {"}}]}\r\n\r\n',
      'data: [DONE]\n\n',
    );
    expect(watcher.usage).toBeUndefined();
    // 8 + 10 characters of content at about 4 a token.
    expect(watcher.completionTokens()).toBe(5);
  });
});

describe('SseUsageWatcher on a long stream', () => {
  it('counts a long stream without usage in bounded memory, to the same estimate', () => {
    const watcher = new SseUsageWatcher();
    let mostHeld = 0;
    // About 1.3 MB of events, five times what the watcher may hold, in reads of 37 events.
    const read = event(chunk('abcd')).repeat(37);
    for (let i = 0; i < 300; i += 1) {
      watcher.push(Buffer.from(read));
      mostHeld = Math.max(mostHeld, watcher.heldChars);
    }
    expect(mostHeld).toBeGreaterThan(0);
    expect(mostHeld).toBeLessThanOrEqual(MAX_UNPARSED_CHARS);
    // 300 x 37 events of 4 characters, at about 4 a token.
    expect(watcher.completionTokens()).toBe(300 * 37);
  });

  it('takes reported usage over whatever it counted before it came', () => {
    const watcher = new SseUsageWatcher();
    const read = event(chunk('abcd')).repeat(37);
    for (let i = 0; i < 300; i += 1) watcher.push(Buffer.from(read));
    watcher.push(
      Buffer.from(event({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 9 } })),
    );
    expect(watcher.heldChars).toBe(0);
    expect(watcher.completionTokens()).toBe(9);
  });
});

describe('usageFromJson', () => {
  it('takes whole, non-negative token counts only (anything else would poison the counters)', () => {
    const usage = (prompt: unknown, completion: unknown): unknown =>
      usageFromJson({ usage: { prompt_tokens: prompt, completion_tokens: completion } });
    expect(usage(12, 3)).toEqual({ prompt_tokens: 12, completion_tokens: 3 });
    expect(usage(0, 0)).toEqual({ prompt_tokens: 0, completion_tokens: 0 });
    for (const [prompt, completion] of [
      [10.5, 1],
      [-4, 1],
      [1e300, 1],
      [1, Number.NaN],
      ['12', 3],
    ])
      expect(usage(prompt, completion)).toBeUndefined();
  });
});
