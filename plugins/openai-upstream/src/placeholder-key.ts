/** Keys that mean "no authentication": no Authorization header is sent for them. */
const PLACEHOLDERS = new Set(['', 'dummy', 'none', 'null', '-']);

/**
 * @example
 * isPlaceholderKey('dummy'); // true
 */
export function isPlaceholderKey(key: string | undefined): boolean {
  return key === undefined || PLACEHOLDERS.has(key.trim().toLowerCase());
}
