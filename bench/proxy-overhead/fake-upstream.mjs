// A fixed OpenAI-style completion on loopback: the upstream both paths forward to.
// Arguments: port, and optionally a delay in ms before each answer (requests stay in flight).
import http from 'node:http';

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

const delayMs = Number(process.argv[3] ?? 0);

function answer(res) {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => (delayMs > 0 ? setTimeout(answer, delayMs, res) : answer(res)));
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
