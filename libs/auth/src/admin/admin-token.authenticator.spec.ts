import { ApiError } from '@platform/http';
import { sha256Hex } from '../crypto/token-digest';
import { AdminTokenAuthenticator } from './admin-token.authenticator';

const ADMIN_SECRET = 'admin-secret-0123456789abcdef';
const SCOPED_A = 'scoped-token-team-a-0123456789';
const SCOPED_B = 'scoped-token-team-b-0123456789';

const authenticator = new AdminTokenAuthenticator({
  adminSecret: ADMIN_SECRET,
  scopedTokens: [
    { name: 'team-a-reader', token_sha256: sha256Hex(SCOPED_A), team_ids: ['team-a'] },
    { name: 'bc-reader', token_sha256: sha256Hex(SCOPED_B), team_ids: ['team-b', 'team-c'] },
  ],
});

function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
}

function expectRefused(header: string | undefined, status: number, code: string): void {
  const error = apiErrorOf(() => authenticator.authenticate(header));
  expect({ status: error.status, code: error.code }).toEqual({ status, code });
}

describe('AdminTokenAuthenticator', () => {
  it('recognizes ADMIN_SECRET as the unrestricted operator', () => {
    expect(authenticator.authenticate(`Bearer ${ADMIN_SECRET}`)).toEqual({ kind: 'admin' });
    expect(authenticator.authenticate(`bearer ${ADMIN_SECRET}`)).toEqual({ kind: 'admin' });
  });

  it('recognizes each scoped token with its name and teams', () => {
    expect(authenticator.authenticate(`Bearer ${SCOPED_A}`)).toEqual({
      kind: 'scoped',
      name: 'team-a-reader',
      teamIds: ['team-a'],
    });
    expect(authenticator.authenticateToken(SCOPED_B)).toEqual({
      kind: 'scoped',
      name: 'bc-reader',
      teamIds: ['team-b', 'team-c'],
    });
  });

  it('hands out principals that callers cannot alter', () => {
    const principal = authenticator.authenticateToken(SCOPED_A);
    expect(Object.isFrozen(principal)).toBe(true);
    expect(principal.kind === 'scoped' && Object.isFrozen(principal.teamIds)).toBe(true);
  });

  it('answers 401 missing_authorization without a header', () => {
    expectRefused(undefined, 401, 'missing_authorization');
    expectRefused('', 401, 'missing_authorization');
  });

  it.each(['Bearer', 'Bearer ', 'Basic x', 'Bearer a b', ADMIN_SECRET, `Token ${ADMIN_SECRET}`])(
    'answers 401 malformed_authorization for %j',
    (header) => expectRefused(header, 401, 'malformed_authorization'),
  );

  it('answers 401 invalid_admin_token for an unknown token, near misses included', () => {
    expectRefused('Bearer nope', 401, 'invalid_admin_token');
    expectRefused(`Bearer ${ADMIN_SECRET}x`, 401, 'invalid_admin_token');
    expectRefused(`Bearer ${ADMIN_SECRET.slice(0, -1)}`, 401, 'invalid_admin_token');
    expectRefused(`Bearer ${sha256Hex(SCOPED_A)}`, 401, 'invalid_admin_token');
  });

  it('puts WWW-Authenticate: Bearer on its 401s', () => {
    const error = apiErrorOf(() => authenticator.authenticate('Bearer nope'));
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it('refuses sk-proxy- values before any comparison, even when a credential would match', () => {
    // Both configured credentials ARE sk-proxy- values: were the digests compared first, these
    // requests would authenticate. They are refused, so the prefix check comes before any lookup.
    const virtualAdmin = 'sk-proxy-admin-0123456789abcdef';
    const virtualScoped = 'sk-proxy-scoped-0123456789abcdef';
    const trap = new AdminTokenAuthenticator({
      adminSecret: virtualAdmin,
      scopedTokens: [{ name: 'trap', token_sha256: sha256Hex(virtualScoped), team_ids: ['t'] }],
    });
    for (const token of [virtualAdmin, virtualScoped, 'sk-proxy-unknown']) {
      const error = apiErrorOf(() => trap.authenticate(`Bearer ${token}`));
      expect({ status: error.status, code: error.code }).toEqual({
        status: 401,
        code: 'virtual_key_not_allowed',
      });
    }
  });

  it('works with no scoped tokens configured', () => {
    const adminOnly = new AdminTokenAuthenticator({ adminSecret: ADMIN_SECRET, scopedTokens: [] });
    expect(adminOnly.authenticateToken(ADMIN_SECRET)).toEqual({ kind: 'admin' });
    expect(() => adminOnly.authenticateToken(SCOPED_A)).toThrow(ApiError);
  });

  it('refuses a bad configuration at construction', () => {
    expect(() => new AdminTokenAuthenticator({ adminSecret: '', scopedTokens: [] })).toThrow(
      /adminSecret/,
    );
    expect(
      () =>
        new AdminTokenAuthenticator({
          adminSecret: ADMIN_SECRET,
          scopedTokens: [{ name: 'bad', token_sha256: 'abc', team_ids: ['t'] }],
        }),
    ).toThrow(/"bad".*64 hex/);
  });
});
