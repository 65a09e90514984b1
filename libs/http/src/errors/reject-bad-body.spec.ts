import { ApiError } from './api-error';
import { rejectBadBody } from './reject-bad-body';

class FakeResponse {
  headersSent = false;
  readonly headers = new Map<string, string>();
  getHeader(name: string): string | undefined {
    return this.headers.get(name.toLowerCase());
  }
  setHeader(name: string, value: string): this {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
}

function passedOn(error: unknown, res = new FakeResponse()): unknown {
  let forwarded: unknown;
  rejectBadBody(error, {} as never, res as never, (e?: unknown) => (forwarded = e));
  return forwarded;
}

const parserError = (type: string, status = 400): Error =>
  Object.assign(new SyntaxError('x'), { type, status });

describe('rejectBadBody', () => {
  it.each([
    ['entity.parse.failed', 400, 'invalid_json'],
    ['entity.too.large', 413, 'payload_too_large'],
    ['encoding.unsupported', 415, 'unsupported_media_type'],
    ['charset.unsupported', 415, 'unsupported_media_type'],
  ])('maps %s to %d %s', (type, status, code) => {
    const error = passedOn(parserError(type, status));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code });
  });

  it('keeps the 4xx of any other body error (e.g. a body that is not the gzip it claims)', () => {
    const zlibError = Object.assign(new Error('incorrect header check'), {
      status: 400,
      errno: -3,
    });
    expect(passedOn(zlibError)).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('leaves everything else to the error filter', () => {
    const bug = new Error('bug');
    expect(passedOn(bug)).toBe(bug);
  });

  it('marks the error uncacheable, since it answers before any Nest middleware runs', () => {
    const res = new FakeResponse();
    passedOn(parserError('entity.parse.failed'), res);
    expect(res.getHeader('Cache-Control')).toBe('private, no-store');
  });

  it('keeps a Cache-Control already chosen, and leaves a response already sent alone', () => {
    const chosen = new FakeResponse().setHeader('Cache-Control', 'no-cache');
    passedOn(parserError('entity.too.large', 413), chosen);
    expect(chosen.getHeader('Cache-Control')).toBe('no-cache');
    const sent = Object.assign(new FakeResponse(), { headersSent: true });
    passedOn(parserError('entity.parse.failed'), sent);
    expect(sent.headers.size).toBe(0);
  });
});
