// A fixed OpenAI-style completion on loopback: the upstream both paths forward to.
// Arguments: port, and optionally a delay in ms before each answer (requests stay in flight).
// `"stream": true` answers as SSE: 20 content chunks, each in its own write one event-loop turn
// apart (so they reach the forwarder as separate reads), then a usage chunk when the request
// asks for one (`stream_options.include_usage`), then `[DONE]`.
import http from 'node:http';

export const STREAM_CHUNKS = 20;

const body = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1700000000,
  model: 'bench-model',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hello from the benchmark upstream.' },
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
});

const event = (payload) => Buffer.from(`data: ${JSON.stringify(payload)}\n\n`);
const chunk = (delta, finish) =>
  event({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'bench-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
const streamEvents = Array.from({ length: STREAM_CHUNKS }, (_, i) =>
  i === STREAM_CHUNKS - 1 ? chunk({}, 'stop') : chunk({ content: `word${i} ` }, null),
);
const usageEvent = event({
  id: 'chatcmpl-bench',
  object: 'chat.completion.chunk',
  created: 1700000000,
  model: 'bench-model',
  choices: [],
  usage: { prompt_tokens: 12, completion_tokens: STREAM_CHUNKS - 1, total_tokens: 31 },
});
const done = Buffer.from('data: [DONE]\n\n');

const delayMs = Number(process.argv[3] ?? 0);

function answerJson(res) {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function answerStream(res, withUsage) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let next = 0;
  const step = () => {
    if (res.destroyed) return;
    if (next < STREAM_CHUNKS) {
      res.write(streamEvents[next]);
      next += 1;
      setImmediate(step);
      return;
    }
    if (withUsage) res.write(usageEvent);
    res.end(done);
  };
  step();
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let request = {};
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // not JSON: answered like any other request
      }
      const answer = request.stream
        ? () => answerStream(res, request.stream_options?.include_usage === true)
        : () => answerJson(res);
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
