import { REDACTED, redactSecrets, redactUrl } from './redact';

describe('redactSecrets', () => {
  it('replaces values under secret-looking keys at any depth, leaving the rest', () => {
    const input = {
      user: 'ana',
      client_secret: 'cs',
      nested: { webhookSecret: 'ws', password: 'pw', list: [{ api_key: 'k', ok: 1 }] },
      headers: { authorization: 'Bearer x', Cookie: 'c', 'x-api-key': 'y' },
      prompt_tokens: 12,
    };
    expect(redactSecrets(input)).toEqual({
      user: 'ana',
      client_secret: REDACTED,
      nested: { webhookSecret: REDACTED, password: REDACTED, list: [{ api_key: REDACTED, ok: 1 }] },
      headers: { authorization: REDACTED, Cookie: REDACTED, 'x-api-key': REDACTED },
      prompt_tokens: 12,
    });
    expect(input.client_secret).toBe('cs');
  });

  it('redacts inside class instances (validated DTOs) and truncates very deep values', () => {
    class CreateIdpDto {
      client_id = 'cid';
      client_secret = 'TOP-SECRET';
    }
    expect(redactSecrets({ dto: new CreateIdpDto() })).toEqual({
      dto: { client_id: 'cid', client_secret: REDACTED },
    });
    const deep = { a: { b: { c: { d: { e: { f: { g: { password: 'DEEP-PW' } } } } } } } };
    expect(JSON.stringify(redactSecrets(deep))).not.toContain('DEEP-PW');
  });

  it('leaves errors, dates and streams to their serializers', () => {
    const error = new Error('x');
    const date = new Date(0);
    const out = redactSecrets({
      err: error,
      at: date,
      headers: Object.assign(Object.create(null), { cookie: 'c' }),
    });
    expect(out).toEqual({ err: error, at: date, headers: { cookie: REDACTED } });
    expect((out as { err: unknown }).err).toBe(error);
  });
});

describe('redactUrl', () => {
  it('hides secret query parameters and keeps the others', () => {
    expect(redactUrl('/cb?code_verifier=v&state=s&client_secret=x')).toBe(
      `/cb?code_verifier=${encodeURIComponent(REDACTED)}&state=s&client_secret=${encodeURIComponent(REDACTED)}`,
    );
    expect(redactUrl('/plain?q=1')).toBe('/plain?q=1');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });
});
