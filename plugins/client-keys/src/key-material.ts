/** A client key and the only form it is ever written down in. */
import { randomBytes } from 'node:crypto';

export { keyHash } from '@sluice/caller';

/** Every key sluice issues starts with this, so a leaked one is easy to recognise (and to scan for). */
export const CLIENT_KEY_PREFIX = 'sk-sluice-';

/**
 * A new client key: `sk-sluice-` and 32 random bytes in base64url (43 characters). Show it once and keep
 * only its `keyHash`.
 * @example
 * const key = newClientKey(); // 'sk-sluice-…'
 * const hash = keyHash(key); // 'sha256:…', what config and Redis hold
 */
export function newClientKey(): string {
  return `${CLIENT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * The first characters of a hash, enough to tell keys apart in a listing or a log, nothing to recover.
 * @example
 * hashPrefix('sha256:0123456789abcdef…'); // 'sha256:0123456789ab'
 */
export function hashPrefix(hash: string): string {
  return hash.slice(0, 'sha256:'.length + 12);
}
