/** Reading the key a client presents, as the OpenAI clients send it. */

/**
 * Longer than any key we issue by far; a longer header is refused before it is hashed.
 * @example
 * if (header.length > MAX_PRESENTED_KEY_BYTES) return refuse();
 */
export const MAX_PRESENTED_KEY_BYTES = 512;

/**
 * The key of an `Authorization: Bearer <key>` header, or of `Basic` credentials whose password is the key
 * (what a browser sends for a page behind a key); undefined when there is none or it is over
 * `MAX_PRESENTED_KEY_BYTES`.
 * @example
 * const key = presentedKey(exchange.headers.authorization);
 */
export function presentedKey(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.length > MAX_PRESENTED_KEY_BYTES) return undefined;
  const space = authorization.indexOf(' ');
  if (space < 0) return undefined;
  const scheme = authorization.slice(0, space).toLowerCase();
  const credentials = authorization.slice(space + 1).trim();
  if (credentials === '') return undefined;
  if (scheme === 'bearer') return credentials;
  if (scheme !== 'basic') return undefined;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  return password === '' ? undefined : password;
}
