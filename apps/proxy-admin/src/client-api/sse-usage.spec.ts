import { SseUsageWatcher } from './sse-usage';

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
