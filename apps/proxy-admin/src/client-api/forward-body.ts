import { isUtf8 } from 'node:buffer';
import type { PreparedChat } from './chat-preparation';
import type { JsonBody } from './request-body';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COMMA = 44;

/** Whether the quote at `at` is escaped (an odd run of backslashes before it). */
function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === BACKSLASH; i -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/**
 * How many keys the top-level object of a valid JSON text spells out, duplicates included.
 * Strings are skipped with indexOf, so the cost follows the number of tokens, not characters.
 */
export function topLevelKeyCount(text: string): number {
  let depth = 0;
  let keys = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return -1;
      if (depth === 1 && expectKey) {
        keys += 1;
        expectKey = false;
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth === 1) expectKey = c === OPEN_OBJECT;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth -= 1;
    } else if (c === COMMA && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
}

/**
 * The client's own bytes, when forwarding them is the same as forwarding the request the proxy
 * checked: not a stream, no preset, plugin, alias or search changed it, the bytes are valid
 * UTF-8, and no top-level key is written twice (parsers differ on which copy wins, so the
 * upstream could read another model than the one the key was checked for). Otherwise null, and
 * the checked request is serialised again.
 */
export function untouchedBytes(body: JsonBody, prepared: PreparedChat): Buffer | null {
  const { chat, clientBody } = prepared;
  if (prepared.preset !== null || prepared.web !== null) return null;
  if (prepared.model !== prepared.requestedModel || 'plugins' in clientBody) return null;
  // A stream's usage chunk is what bills it: its request is always rebuilt with exactly one
  // include_usage: true (a duplicated key inside stream_options could otherwise switch it off
  // for an upstream that keeps the first copy).
  if (chat.stream) return null;
  if (topLevelKeyCount(body.text) !== Object.keys(clientBody).length) return null;
  // Bytes that are not valid UTF-8 were read here with replacement characters; another decoder
  // could read other keys from them.
  if (!isUtf8(body.raw)) return null;
  return body.raw;
}
