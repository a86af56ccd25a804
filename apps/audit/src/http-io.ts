/** The HTTP edges of the audit module that are its own: keys compared in constant time, the Bearer token. */
import { createHash, timingSafeEqual } from 'node:crypto';

/** A key reduced to a fixed-length digest, so comparing it takes the same time whatever is presented. */
export function keyDigest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** `presented` is the raw header value; a missing or repeated header never matches. */
export function keyMatches(expected: Buffer, presented: string | string[] | undefined): boolean {
  return typeof presented === 'string' && timingSafeEqual(expected, keyDigest(presented));
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim();
}
