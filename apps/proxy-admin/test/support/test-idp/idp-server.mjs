// A test OpenID Provider (oidc-provider 9) served over HTTPS on 127.0.0.1. Run as
// `node idp-server.mjs <settings.json>`; oidc-provider is ESM-only, so this runs outside Jest.
// Settings: { tls: { key, cert }, clients: [oidc-provider client metadata],
//             accounts: [{ sub, email, email_verified, name, password }] }.
// Prints one JSON line `{"issuer":"https://127.0.0.1:<port>","port":<port>}` once listening.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { Provider } from 'oidc-provider';

const settings = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const accounts = new Map(settings.accounts.map((account) => [account.sub, account]));

function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

// No external stylesheets or fonts: a headless browser in a sandbox must not wait on the network.
function page(title, body) {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function loginPage(uid, loginHint, error) {
  const alert = error ? `<p role="alert" data-test-idp-error>${escapeHtml(error)}</p>` : '';
  return page(
    'Test IdP sign-in',
    `${alert}<form id="test-idp-login" method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input type="email" name="login" autocomplete="off" value="${escapeHtml(loginHint ?? '')}" required></label>
<label>Password <input type="password" name="password" required></label>
<button type="submit">Sign in</button></form>`,
  );
}

function sendHtml(res, status, html) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

// Consent is granted without asking: every scope and claim the client asked for.
async function grantConsent(provider, req, res, details) {
  const { prompt, grantId, session, params } = details;
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope)
    grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const result = { consent: { grantId: await grant.save() } };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

async function handleInteraction(provider, req, res, uid, isLoginPost) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return sendHtml(res, 400, page('Wrong interaction', ''));
  if (!isLoginPost && details.prompt.name === 'login') {
    return sendHtml(res, 200, loginPage(uid, details.params.login_hint));
  }
  if (!isLoginPost && details.prompt.name === 'consent') {
    return grantConsent(provider, req, res, details);
  }
  if (isLoginPost && req.method === 'POST' && details.prompt.name === 'login') {
    const form = await readForm(req);
    const email = (form.get('login') ?? '').trim().toLowerCase();
    const account = [...accounts.values()].find((a) => a.email === email);
    if (!account || account.password !== form.get('password')) {
      return sendHtml(res, 200, loginPage(uid, email, 'Unknown email or wrong password.'));
    }
    const result = { login: { accountId: account.sub } };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  return sendHtml(res, 400, page('Unexpected interaction step', ''));
}

// Keys live for one run only: a fresh RSA key signs ID tokens (RS256).
const signingKey = {
  ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  kid: `test-idp-${randomBytes(4).toString('hex')}`,
  use: 'sig',
  alg: 'RS256',
};

let provider;
let handleOidcRequest;
const server = createServer({ key: settings.tls.key, cert: settings.tls.cert }, (req, res) => {
  const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url, 'https://x').pathname);
  if (!match) return handleOidcRequest(req, res);
  handleInteraction(provider, req, res, match[1], Boolean(match[2])).catch((error) => {
    process.stderr.write(`test-idp interaction error: ${error.stack ?? error}\n`);
    if (!res.headersSent) sendHtml(res, 400, page('Interaction failed', escapeHtml(error.message)));
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const issuer = `https://127.0.0.1:${port}`;
  provider = new Provider(issuer, {
    clients: settings.clients.map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      ...client,
    })),
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      const { email, email_verified, name } = account;
      return { accountId: sub, claims: () => ({ sub, email, email_verified, name }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put scope claims (email, email_verified) in the ID token too, as most real IdPs do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey] },
    clockTolerance: 5,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 86400,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Test IdP error',
        `<pre data-test-idp-error>${escapeHtml(JSON.stringify(out))}</pre>`,
      );
    },
  });
  handleOidcRequest = provider.callback();
  // Failures the tests may need to explain (bad client auth, PKCE mismatch, ...) go to stderr.
  for (const event of ['server_error', 'authorization.error', 'grant.error', 'userinfo.error']) {
    provider.on(event, (_ctx, error) => {
      process.stderr.write(
        `test-idp ${event}: ${error.message} ${error.error_description ?? ''}\n`,
      );
    });
  }
  process.stdout.write(`${JSON.stringify({ issuer, port })}\n`);
});

function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
