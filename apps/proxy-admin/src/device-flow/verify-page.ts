import { randomBytes } from 'node:crypto';
import type { DeviceAuthorization } from './device-authorization';
import { formatUserCode } from './device-codes';

/** A server-rendered page of the verify flow and the status it is sent with. */
export interface HtmlPage {
  status: number;
  html: string;
  /** Per-response nonce allowing this page's own inline style and script, nothing else. */
  nonce: string;
  /** Extra headers (e.g. Retry-After on a 429 page). */
  headers?: Record<string, string>;
}

/** Headers of every verify-flow page: strict CSP, no framing, no caching, no referrer. */
export function pageHeaders(page: HtmlPage): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': [
      "default-src 'none'",
      `script-src 'nonce-${page.nonce}'`,
      `style-src 'nonce-${page.nonce}'`,
      "connect-src 'self'",
      // The code form's GET answers with a redirect to the identity provider, and form-action
      // also governs where a submission may be redirected.
      "form-action 'self' https:",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // The URL carries the user code: it must not leak to the identity provider as a Referer.
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...page.headers,
  };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#1b1f24;background:#f6f7f9}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;
box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 1rem}
.code{font:700 1.8rem/1.2 ui-monospace,monospace;letter-spacing:.15em;text-align:center;
padding:.75rem;background:#eef1f5;border-radius:.5rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem .75rem;margin:0 0 1rem}
dt{color:#57606a}dd{margin:0;overflow-wrap:anywhere}
.actions{display:flex;gap:.75rem}
button,input{font:inherit;padding:.7rem 1rem;border-radius:.5rem;border:1px solid #8c959f}
button{flex:1;cursor:pointer;background:#fff}
button.approve{background:#1f883d;border-color:#1f883d;color:#fff}
input{width:100%;box-sizing:border-box;margin:0 0 .75rem;text-transform:uppercase}
.error{color:#cf222e}.note{color:#57606a;font-size:.9rem}`;

function layout(title: string, body: string, nonce: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The form where a user code is typed (what verification_uri shows). */
export function entryPage(options: { status?: number; error?: string } = {}): HtmlPage {
  const nonce = newNonce();
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const body = `<h1>Connect a device</h1>${error}
<form method="get" action="/oauth/device/verify">
<label for="user_code">Enter the code shown on your device</label>
<input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters"
 spellcheck="false" placeholder="XXXX-XXXX" maxlength="16" required>
<button type="submit" class="approve">Continue</button></form>`;
  return { status: options.status ?? 200, html: layout('Connect a device', body, nonce), nonce };
}

/** A page that only says something (a finished, refused or failed step). */
export function messagePage(
  status: number,
  title: string,
  message: string,
  headers?: Record<string, string>,
): HtmlPage {
  const nonce = newNonce();
  const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`;
  return { status, html: layout(title, body, nonce), nonce, headers };
}

// Posts the decision as same-origin JSON; the cookie and the Origin header do the rest. The
// referrer policy 'origin' makes browsers send Origin (no-referrer may send `null`) while the
// page's own URL, which can be the IdP callback with its code, never leaves as a Referer.
const APPROVAL_SCRIPT = `
const form = document.getElementById('decision');
const result = document.getElementById('result');
for (const button of form.querySelectorAll('button')) {
  button.addEventListener('click', async (event) => {
    event.preventDefault();
    for (const b of form.querySelectorAll('button')) b.disabled = true;
    try {
      const response = await fetch('/oauth/device/verify', {
        method: 'POST', credentials: 'same-origin', referrerPolicy: 'origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_code: form.dataset.userCode, action: button.value }),
      });
      const body = await response.json();
      result.className = response.ok ? 'done' : 'error';
      result.textContent = response.ok
        ? (body.status === 'approved'
            ? 'Approved. You can close this page and return to your device.'
            : 'Denied. The device will not get a key.')
        : (body.error && body.error.message) || 'Something went wrong.';
      form.hidden = response.ok;
    } catch {
      result.className = 'error';
      result.textContent = 'The proxy could not be reached; try again.';
      for (const b of form.querySelectorAll('button')) b.disabled = false;
    }
  });
}`;

/** After signing in: what is being approved, who asked, and the two buttons. */
export function approvalPage(authorization: DeviceAuthorization, signedInEmail: string): HtmlPage {
  const nonce = newNonce();
  const code = formatUserCode(authorization.userCode);
  const body = `<h1>Approve this device?</h1>
<p class="code" id="code">${escapeHtml(code)}</p>
<p>Only approve if you started this on your own device just now and it shows the same code.</p>
<dl>
<dt>Requested for</dt><dd id="email">${escapeHtml(authorization.email)}</dd>
<dt>Signed in as</dt><dd>${escapeHtml(signedInEmail)}</dd>
<dt>From address</dt><dd id="client-ip">${escapeHtml(authorization.clientIp)}</dd>
<dt>Client</dt><dd id="user-agent">${escapeHtml(authorization.userAgent || 'unknown')}</dd>
<dt>Requested at</dt><dd id="requested-at">${escapeHtml(authorization.createdAt.toISOString())}</dd>
</dl>
<form id="decision" data-user-code="${escapeHtml(code)}" class="actions">
<button type="submit" name="action" value="deny">Deny</button>
<button type="submit" name="action" value="approve" class="approve">Approve</button>
</form>
<p id="result" role="status" aria-live="polite"></p>
<p class="note">Approving gives the device a proxy key for your team.</p>`;
  return { status: 200, html: layout('Approve this device?', body, nonce, APPROVAL_SCRIPT), nonce };
}
