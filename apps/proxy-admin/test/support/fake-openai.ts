import { readBody, sendJson, startFakeServer, FakeServer } from '@platform/testing';
import type { ServerResponse } from 'node:http';

export const UPSTREAM_KEY = 'sk-upstream-test-key';

export interface SeenRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The body's text exactly as it arrived. */
  raw: string;
}

export interface FakeOpenAi extends FakeServer {
  /** Base URL as UPSTREAMS wants it, ending in /v1. */
  baseUrl: string;
  seen: SeenRequest[];
  /** Answers every `upstream-slow` request held so far. */
  releaseSlow(): void;
}

/** Usage the fake reports: 8 prompt tokens, and min(max_tokens, 40) completion tokens. */
export const FAKE_PROMPT_TOKENS = 8;
export function fakeCompletionTokens(body: Record<string, unknown>): number {
  const cap = (body['max_completion_tokens'] ?? body['max_tokens']) as number | undefined;
  return Math.min(cap ?? 40, 40);
}

const words = ['Hello', ' from', ' the', ' fake', ' upstream'];

function streamAnswer(res: ServerResponse, body: Record<string, unknown>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const base = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: body['model'],
  };
  for (const [i, word] of words.entries()) {
    const delta = i === 0 ? { role: 'assistant', content: word } : { content: word };
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
    );
  }
  res.write(
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
  );
  const options = body['stream_options'] as { include_usage?: boolean } | undefined;
  if (options?.include_usage) {
    const usage = {
      prompt_tokens: FAKE_PROMPT_TOKENS,
      completion_tokens: fakeCompletionTokens(body),
    };
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
    );
  }
  res.end('data: [DONE]\n\n');
}

/**
 * An OpenAI-compatible upstream on 127.0.0.1. Model names steer it: `upstream-500` fails with an
 * OpenAI error, `upstream-429` rate-limits, `upstream-html` answers a non-JSON error page,
 * `upstream-hang` never answers, `upstream-slow` answers when the test calls releaseSlow().
 * Anything else completes normally.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const seen: SeenRequest[] = [];
  const held: (() => void)[] = [];
  const server = await startFakeServer((req, res) => {
    void readBody(req).then((text) => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return sendJson(res, 404, { error: 'no' });
      const body = JSON.parse(text) as Record<string, unknown>;
      seen.push({ authorization: req.headers.authorization, body, raw: text });
      if (req.headers.authorization !== `Bearer ${UPSTREAM_KEY}`) {
        return sendJson(res, 401, {
          error: {
            message: 'bad upstream key',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
      }
      switch (body['model']) {
        case 'upstream-500':
          return sendJson(res, 500, {
            error: { message: 'The upstream broke', type: 'server_error', code: 'upstream_boom' },
          });
        case 'upstream-429':
          return sendJson(res, 429, {
            error: {
              message: 'Upstream quota',
              type: 'rate_limit_error',
              code: 'rate_limit_exceeded',
            },
          });
        case 'upstream-html':
          res.writeHead(503, { 'content-type': 'text/html' });
          return res.end('<html>bad gateway</html>');
        case 'upstream-hang':
          return; // never answers: the proxy's deadline must cut it
        case 'upstream-slow':
          held.push(() => answer(res, body));
          return;
      }
      answer(res, body);
    });
  });
  const answer = (res: ServerResponse, body: Record<string, unknown>): void => {
    if (body['stream'] === true) return streamAnswer(res, body);
    const completion = fakeCompletionTokens(body);
    return sendJson(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body['model'],
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: words.join('') },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: FAKE_PROMPT_TOKENS,
        completion_tokens: completion,
        total_tokens: FAKE_PROMPT_TOKENS + completion,
      },
    });
  };
  return {
    ...server,
    baseUrl: `${server.url}/v1`,
    seen,
    releaseSlow: () => {
      for (const release of held.splice(0)) release();
    },
  };
}
