/** An RFC 1123 label: letters, digits and inner hyphens, 1-63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The login domain in its stored form (lower-case), or undefined when it is not a host name with
 * at least one dot: no scheme, port, path, '@', trailing dot or IP address.
 */
export function normaliseLoginDomain(value: string): string | undefined {
  const domain = value.toLowerCase();
  if (domain.length > 253) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  // A numeric last label would make it an IPv4 address (or something resolvers read as one).
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? '')) return undefined;
  return domain;
}

/** The domain part of an email address, lower-case, or undefined for a malformed address. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return undefined;
  return normaliseLoginDomain(email.slice(at + 1));
}
