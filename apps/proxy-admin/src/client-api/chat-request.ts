import { hash as digest } from 'node:crypto';
import { ApiError, ErrorDetail } from '@platform/http';
import { canonicalJson } from './canonical-json';

/** What the proxy itself needs from a chat request; everything else is forwarded untouched. */
export interface ChatRequest {
  body: Record<string, unknown>;
  model: string;
  stream: boolean;
  /** The client's completion cap, if it set one (`max_completion_tokens` or `max_tokens`). */
  maxTokens: number | undefined;
  messages: unknown[];
}

const MAX_MODEL_LENGTH = 200;

function fail(details: ErrorDetail[]): never {
  throw ApiError.badRequest(
    'invalid_request',
    details.map((d) => `${d.field}: ${d.message}`).join('; '),
    details,
  );
}

/**
 * Checks the few fields the proxy acts on. The OpenAI API has many more (tools, response_format,
 * ...): they are passed through as they are, so new upstream features work without a release.
 */
export function parseChatRequest(body: unknown): ChatRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail([{ field: 'body', message: 'must be a JSON object' }]);
  }
  const b = body as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  const model = b['model'];
  if (typeof model !== 'string' || model.length === 0 || model.length > MAX_MODEL_LENGTH) {
    details.push({
      field: 'model',
      message: `must be a string of 1-${MAX_MODEL_LENGTH} characters`,
    });
  }
  const messages = b['messages'];
  if (!Array.isArray(messages) || messages.length === 0) {
    details.push({ field: 'messages', message: 'must be a non-empty array' });
  } else {
    messages.forEach((m, i) => {
      if (
        typeof m !== 'object' ||
        m === null ||
        typeof (m as { role?: unknown }).role !== 'string'
      ) {
        details.push({ field: `messages[${i}]`, message: 'must be an object with a string role' });
      }
    });
  }
  if (b['stream'] !== undefined && typeof b['stream'] !== 'boolean') {
    details.push({ field: 'stream', message: 'must be a boolean' });
  }
  let maxTokens: number | undefined;
  for (const field of ['max_completion_tokens', 'max_tokens']) {
    const v = b[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 10_000_000) {
      details.push({ field, message: 'must be a positive integer' });
    } else {
      maxTokens ??= v;
    }
  }
  if (details.length > 0) fail(details);
  return {
    body: b,
    model: model as string,
    stream: b['stream'] === true,
    maxTokens,
    messages: messages as unknown[],
  };
}

/** The text of a message content: a string, or the text parts of a content array joined. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        typeof part === 'object' &&
        part !== null &&
        typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join(' ');
  }
  return '';
}

/**
 * A deliberately high estimate of prompt tokens (about 3 characters a token, plus per-message
 * framing), used only to reserve capacity; the upstream's reported usage settles it.
 */
export function estimatePromptTokens(messages: unknown[]): number {
  let chars = 0;
  for (const m of messages) {
    const message = m as { content?: unknown; name?: unknown; tool_calls?: unknown };
    chars += textOf(message.content).length;
    if (message.tool_calls !== undefined) chars += JSON.stringify(message.tool_calls).length;
  }
  return Math.ceil(chars / 3) + 4 * messages.length + 3;
}

/**
 * Hashes for the usage window's edit/retry detection: the messages before the last user
 * message, and that message. Canonical JSON (sorted keys) so equal content hashes equally.
 */
export function conversationHashes(messages: unknown[]): {
  prefixHash: string | null;
  lastUserHash: string | null;
} {
  let last = -1;
  messages.forEach((m, i) => {
    if ((m as { role?: unknown }).role === 'user') last = i;
  });
  if (last < 0) return { prefixHash: null, lastUserHash: null };
  // One-shot hashing: no Hash object per digest.
  const hash = (value: unknown): string => digest('sha256', canonicalJson(value), 'hex');
  return { prefixHash: hash(messages.slice(0, last)), lastUserHash: hash(messages[last]) };
}
