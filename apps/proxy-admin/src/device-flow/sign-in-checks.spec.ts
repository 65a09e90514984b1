import type { SignedInIdentity } from '../oidc/oidc-client';
import { signInProblem } from './sign-in-checks';

const alice: SignedInIdentity = {
  subject: 's-1',
  email: 'Alice@Acme.com',
  emailVerified: true,
  hostedDomain: 'acme.com',
};
const okta = { provider: 'okta' as const, loginDomain: 'acme.com' };
const google = { provider: 'google_workspace' as const, loginDomain: 'acme.com' };

describe('signInProblem', () => {
  it('lets the verified, in-domain person the device named approve', () => {
    expect(signInProblem(alice, okta, 'alice@acme.com')).toBeUndefined();
    expect(signInProblem(alice, google, 'alice@acme.com')).toBeUndefined();
  });

  it('refuses unverified, missing, out-of-domain and other-person sign-ins', () => {
    expect(signInProblem({ ...alice, emailVerified: false }, okta, 'alice@acme.com')).toMatch(
      /not verified/,
    );
    expect(signInProblem({ ...alice, email: undefined }, okta, 'alice@acme.com')).toMatch(
      /not verified/,
    );
    expect(signInProblem({ ...alice, email: 'alice@evil.com' }, okta, 'alice@acme.com')).toMatch(
      /outside acme\.com/,
    );
    expect(signInProblem(alice, okta, 'bob@acme.com')).toMatch(/someone else/);
  });

  it('needs the Workspace hd claim for google_workspace, not for okta', () => {
    const personal = { ...alice, hostedDomain: undefined };
    expect(signInProblem(personal, google, 'alice@acme.com')).toMatch(/not managed by acme\.com/);
    expect(
      signInProblem({ ...alice, hostedDomain: 'other.com' }, google, 'alice@acme.com'),
    ).toMatch(/not managed/);
    expect(signInProblem(personal, okta, 'alice@acme.com')).toBeUndefined();
  });
});
