/** The client key of a request, as the OpenAI clients send it: `Authorization: Bearer <key>`, nothing else. */
import { MAX_PRESENTED_KEY_BYTES } from '@sluice/caller';

const SCHEME = 'bearer ';

/**
 * What the `authorization` header presents: nothing, a key, or something that cannot be a key of ours
 * (another scheme, or longer than any key: refused before it is hashed).
 * @example
 * const credential = bearerCredential(exchange.headers.authorization);
 * if (credential.kind === 'key') await directory.find(credential.key, keyHash(credential.key));
 */
export type BearerCredential =
  { readonly kind: 'missing' } | { readonly kind: 'invalid' } | { readonly kind: 'key'; readonly key: string };

/**
 * Reads the header; `Bearer` with nothing after it is no key, as OpenAI reads it.
 * @example
 * bearerCredential('Bearer sk-sluice-abc'); // { kind: 'key', key: 'sk-sluice-abc' }
 */
export function bearerCredential(header: string | undefined): BearerCredential {
  if (header === undefined || header.trim() === '') return { kind: 'missing' };
  if (header.length > MAX_PRESENTED_KEY_BYTES) return { kind: 'invalid' };
  if (header.slice(0, SCHEME.length).toLowerCase() !== SCHEME) {
    return header.trim().toLowerCase() === 'bearer' ? { kind: 'missing' } : { kind: 'invalid' };
  }
  const key = header.slice(SCHEME.length).trim();
  return key === '' ? { kind: 'missing' } : { kind: 'key', key };
}
