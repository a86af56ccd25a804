/**
 * How a client or admin key is kept and checked: only its SHA-256 is ever written down (config, keys
 * file, Redis), and a presented key is checked by hashing it and comparing the digests in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const HASH_FORM = /^sha256:[0-9a-f]{64}$/;

/**
 * The form a key is written down in: `sha256:<64 hex>`.
 * @example
 * keyHash('sk-sluice-abc'); // 'sha256:…'
 */
export function keyHash(key: string): string {
  return `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

/**
 * Whether `presented` is the key `hash` was made from; the digests are compared in constant time, so
 * the time taken says nothing about how much of it matched.
 * @example
 * if (!keyMatches(bearer, settings.adminKeyHash)) return deny();
 */
export function keyMatches(presented: string, hash: string): boolean {
  if (!HASH_FORM.test(hash)) return false;
  const expected = Buffer.from(hash.slice('sha256:'.length), 'hex');
  const actual = createHash('sha256').update(presented, 'utf8').digest();
  return timingSafeEqual(actual, expected);
}

/**
 * Whether a string is a key hash as config and stores write it.
 * @example
 * isKeyHash('sha256:' + '0'.repeat(64)); // true
 */
export function isKeyHash(value: string): boolean {
  return HASH_FORM.test(value);
}
