// The client half of the OAuth device flow (RFC 8628) against proxy-admin:
// POST /oauth/device/code starts it, POST /oauth/device/token is polled until the user approves.

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 3.2: the polling interval when the server names none. */
export const DEFAULT_INTERVAL_SECONDS = 5;
/** RFC 8628 3.5: what `slow_down` adds to the interval, for every later poll. */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** Consecutive unreachable polls (network errors, 5xx) tolerated before giving up. */
export const NETWORK_RETRIES = 3;
/** A hung proxy must not hang the command: every request gets this long. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  /** The URL with the code in it, when the server offers one. */
  verificationUriComplete?: string;
  expiresInSeconds: number;
  intervalSeconds: number;
}

export interface IssuedToken {
  accessToken: string;
  /** Undefined when the server does not say. */
  expiresInSeconds?: number;
}

/** Why the flow stopped without a key. */
export type DeviceLoginFailureReason =
  | 'access_denied'
  | 'expired_token'
  | 'invalid_grant'
  | 'deadline'
  | 'unreachable'
  | 'refused'
  | 'protocol';

export class DeviceLoginFailure extends Error {
  constructor(
    readonly reason: DeviceLoginFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export interface PollOptions {
  baseUrl: string;
  authorization: DeviceAuthorization;
  /** Waits `ms`; tests pass one that records the waits and advances their clock. */
  sleep: (ms: number) => Promise<void>;
  /** Epoch milliseconds; the local deadline is measured with it. */
  now: () => number;
  /** Called once per answered poll, e.g. to show progress. */
  onPending?: (event: {
    error: 'authorization_pending' | 'slow_down';
    intervalSeconds: number;
  }) => void;
}

type Json = Record<string, unknown>;

/** `<base>/<path>`, keeping any path prefix the base URL has (e.g. behind a gateway). */
export function endpoint(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
}

async function postJson(
  url: string,
  body: Json,
): Promise<{ status: number; headers: Headers; json: Json | undefined }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: Json | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      json = parsed as Json;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json };
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    // fetch wraps the socket error ("ECONNREFUSED", "other side closed") in `cause`.
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) return `${error.message}: ${cause.message}`;
    return error.message;
  }
  return String(error);
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The platform's error body `{ error: { message, code } }`, as one readable phrase. */
function platformError(json: Json | undefined): string {
  const error = json?.['error'];
  if (error !== null && typeof error === 'object') {
    const { message, code } = error as Json;
    if (typeof message === 'string')
      return typeof code === 'string' ? `${message} (${code})` : message;
  }
  return 'no error message';
}

/** Starts the flow for `email`: the codes to show the user and how to poll. */
export async function requestDeviceCode(
  baseUrl: string,
  email: string,
): Promise<DeviceAuthorization> {
  const url = endpoint(baseUrl, 'oauth/device/code');
  let reply: Awaited<ReturnType<typeof postJson>>;
  try {
    reply = await postJson(url, { email });
  } catch (error) {
    throw new DeviceLoginFailure('unreachable', `cannot reach ${url}: ${causeOf(error)}`);
  }
  if (reply.status === 429) {
    const retryAfter = reply.headers.get('retry-after');
    const wait = retryAfter === null ? 'later' : `in ${retryAfter} s`;
    throw new DeviceLoginFailure(
      'refused',
      `too many login attempts: ${platformError(reply.json)}; try again ${wait}`,
    );
  }
  if (reply.status !== 200) {
    throw new DeviceLoginFailure(
      'refused',
      `the proxy refused to start the login (HTTP ${reply.status}): ${platformError(reply.json)}`,
    );
  }
  const body = reply.json ?? {};
  const deviceCode = nonEmptyString(body['device_code']);
  const userCode = nonEmptyString(body['user_code']);
  const verificationUri = nonEmptyString(body['verification_uri']);
  const expiresInSeconds = positiveInteger(body['expires_in']);
  if (!deviceCode || !userCode || !verificationUri || !expiresInSeconds) {
    throw new DeviceLoginFailure(
      'protocol',
      `unexpected answer from ${url}: device_code, user_code, verification_uri and expires_in are required`,
    );
  }
  return {
    deviceCode,
    userCode,
    verificationUri,
    verificationUriComplete: nonEmptyString(body['verification_uri_complete']),
    expiresInSeconds,
    intervalSeconds: positiveInteger(body['interval']) ?? DEFAULT_INTERVAL_SECONDS,
  };
}

const TERMINAL_ERRORS: Record<string, { reason: DeviceLoginFailureReason; message: string }> = {
  access_denied: {
    reason: 'access_denied',
    message: 'the login was denied in the browser; no key was issued',
  },
  expired_token: {
    reason: 'expired_token',
    message: 'the code expired before it was approved; run device-login again',
  },
  invalid_grant: {
    reason: 'invalid_grant',
    message: 'the proxy no longer accepts this login (invalid_grant); run device-login again',
  },
};

/**
 * Polls the token endpoint until the key is issued or the flow ends. Never polls faster than the
 * server's interval; `slow_down` adds 5 s for good; network errors and 5xx are retried at the
 * same interval up to NETWORK_RETRIES times in a row; the local deadline is expires_in.
 */
export async function pollForToken(options: PollOptions): Promise<IssuedToken> {
  const { baseUrl, authorization, sleep, now } = options;
  const url = endpoint(baseUrl, 'oauth/device/token');
  const deadline = now() + authorization.expiresInSeconds * 1000;
  let intervalSeconds = authorization.intervalSeconds;
  let unreachable = 0;
  for (;;) {
    // A poll at or after the deadline cannot succeed: stop instead of waiting for it.
    if (now() + intervalSeconds * 1000 >= deadline) {
      throw new DeviceLoginFailure(
        'deadline',
        `the code expired after ${authorization.expiresInSeconds} s without approval; run device-login again`,
      );
    }
    await sleep(intervalSeconds * 1000);
    let reply: Awaited<ReturnType<typeof postJson>>;
    try {
      reply = await postJson(url, {
        grant_type: DEVICE_CODE_GRANT,
        device_code: authorization.deviceCode,
      });
    } catch (error) {
      if (++unreachable > NETWORK_RETRIES) {
        throw new DeviceLoginFailure(
          'unreachable',
          `cannot reach ${url} (${unreachable} attempts in a row): ${causeOf(error)}`,
        );
      }
      continue;
    }
    if (reply.status >= 500) {
      if (++unreachable > NETWORK_RETRIES) {
        throw new DeviceLoginFailure(
          'unreachable',
          `the proxy kept failing (HTTP ${reply.status}, ${unreachable} attempts in a row)`,
        );
      }
      continue;
    }
    unreachable = 0;
    const body = reply.json ?? {};
    if (reply.status === 200) return issuedToken(body, url);
    const error = body['error'];
    if (error === 'authorization_pending' || error === 'slow_down') {
      if (error === 'slow_down') intervalSeconds += SLOW_DOWN_STEP_SECONDS;
      options.onPending?.({ error, intervalSeconds });
      continue;
    }
    const terminal = typeof error === 'string' ? TERMINAL_ERRORS[error] : undefined;
    if (terminal) throw new DeviceLoginFailure(terminal.reason, terminal.message);
    const described = typeof error === 'string' ? error : platformError(reply.json);
    throw new DeviceLoginFailure(
      'protocol',
      `unexpected answer from ${url} (HTTP ${reply.status}): ${described}`,
    );
  }
}

function issuedToken(body: Json, url: string): IssuedToken {
  const accessToken = nonEmptyString(body['access_token']);
  const tokenType = body['token_type'];
  // The message never quotes the body: it may hold the key.
  if (!accessToken || typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer') {
    throw new DeviceLoginFailure(
      'protocol',
      `unexpected answer from ${url}: expected a Bearer access_token`,
    );
  }
  return { accessToken, expiresInSeconds: positiveInteger(body['expires_in']) };
}
