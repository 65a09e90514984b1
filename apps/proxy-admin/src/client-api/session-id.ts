import type { IncomingMessage } from 'node:http';

const SESSION_ID = /^[\x21-\x7e]{1,128}$/;
const HOUR_MS = 3_600_000;
/** The UTC hour last formatted (`2024-05-01T13`), reused while requests fall in it. */
let hourStart = -1;
let hourLabel = '';

function utcHourOf(at: Date): string {
  const ms = at.getTime();
  if (ms < hourStart || ms >= hourStart + HOUR_MS || Number.isNaN(ms)) {
    hourLabel = at.toISOString().slice(0, 13);
    hourStart = Math.floor(ms / HOUR_MS) * HOUR_MS;
  }
  return hourLabel;
}

/**
 * Requests without X-Session-Id form one session per key per UTC hour
 * (see docs/proxy-admin/usage-recording.md#sessions).
 */
export function sessionIdOf(req: IncomingMessage, keyId: string, at: Date): string {
  const header = req.headers['x-session-id'];
  if (typeof header === 'string' && SESSION_ID.test(header)) return header;
  return `${keyId}:${utcHourOf(at)}`;
}
