/**
 * Keys that mean "no authentication" (`embedding_api_key dummy;` for a local model server): no
 * Authorization header is sent for them. The same rule as the chat upstream's key; a candidate for
 * `@sluice/core`, where both plugins could share it.
 */
const PLACEHOLDERS = new Set(['', 'dummy', 'none', 'null', '-']);

/**
 * @example
 * isPlaceholderKey('none');    // true
 * isPlaceholderKey('sk-live'); // false
 */
export function isPlaceholderKey(key: string | undefined): boolean {
  return key === undefined || PLACEHOLDERS.has(key.trim().toLowerCase());
}
