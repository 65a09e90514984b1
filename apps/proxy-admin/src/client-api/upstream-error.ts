/**
 * An upstream error answers with the upstream's status. Its body is passed on when it already
 * is an OpenAI error object; anything else is wrapped in one, so clients always get that shape.
 */
export function upstreamErrorAnswer(
  upstreamStatus: number,
  raw: Buffer,
): { status: number; json: string } {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  const payload =
    error && typeof error.message === 'string'
      ? body
      : {
          error: {
            message: `Upstream answered ${upstreamStatus}`,
            type: 'upstream_error',
            code: 'upstream_error',
          },
        };
  const status = upstreamStatus >= 400 && upstreamStatus < 600 ? upstreamStatus : 502;
  return { status, json: JSON.stringify(payload) };
}
