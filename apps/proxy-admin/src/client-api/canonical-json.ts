/**
 * JSON with object keys sorted and no whitespace, so equal content always gives equal text
 * (and equal hashes), whatever order the client wrote its keys in.
 *
 * Every client API request hashes its messages this way, so it builds one string as it walks
 * instead of an entries array, a filtered copy and a mapped copy per object. Keys sort by UTF-16
 * code units (Array#sort's default), as `<` compares strings. Stored hashes depend on this text:
 * it must not change.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) text += ',';
      text += canonicalJson(value[i]);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    const field = record[key];
    if (field === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(key)}:${canonicalJson(field)}`;
  }
  return `${text}}`;
}
