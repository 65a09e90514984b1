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

describe('redactSecrets: authorization', () => {
  it('hides the Authorization headers but keeps ids that merely contain the word', () => {
    expect(
      redactSecrets({
        headers: { authorization: 'Bearer x', 'proxy-authorization': 'Basic y' },
        device_authorization_id: 'd-1',
      }),
    ).toEqual({
      headers: { authorization: REDACTED, 'proxy-authorization': REDACTED },
      device_authorization_id: 'd-1',
    });
  });
});

describe('redactUrl', () => {
  it('hides secret query parameters and keeps the others', () => {
    const hidden = encodeURIComponent(REDACTED);
    expect(redactUrl('/cb?code_verifier=v&region=s&client_secret=x')).toBe(
      `/cb?code_verifier=${hidden}&region=s&client_secret=${hidden}`,
    );
    expect(redactUrl('/plain?q=1')).toBe('/plain?q=1');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });

  it("hides an OAuth callback's code, state and nonce, and the device flow's codes", () => {
    const hidden = encodeURIComponent(REDACTED);
    expect(redactUrl('/oauth/device/callback?code=c&state=s&iss=https%3A%2F%2Fidp')).toBe(
      `/oauth/device/callback?code=${hidden}&state=${hidden}&iss=https%3A%2F%2Fidp`,
    );
    expect(redactUrl('/oauth/device/verify?user_code=BCDF-GHJK')).toBe(
      `/oauth/device/verify?user_code=${hidden}`,
    );
    expect(redactUrl('/x?nonce=n&device_code=d&port_code=NLRTM')).toBe(
      `/x?nonce=${hidden}&device_code=${hidden}&port_code=NLRTM`,
    );
  });
});
