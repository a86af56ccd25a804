/**
 * The provider's rate-limit headers a client needs to back off (`retry-after`, `retry-after-ms`,
 * `x-ratelimit-*`), passed on with the gateway's answer to a 429 or a 503. An allow-list, bounded in
 * count and length, of printable values: a provider's reply must not write arbitrary headers.
 */
import type { IncomingHttpHeaders } from 'node:http';

const RETRY_AFTER = ['retry-after', 'retry-after-ms'];
const RATE_LIMIT = /^x-ratelimit-[a-z0-9-]{1,48}$/;
const MAX_HEADERS = 16;
const MAX_VALUE_LENGTH = 128;
const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * The headers to pass on for an upstream `status`; undefined when there are none.
 * @example
 * rateLimitHeaders(429, { 'retry-after': '20', 'x-ratelimit-remaining-requests': '0', server: 'x' });
 * // { 'retry-after': '20', 'x-ratelimit-remaining-requests': '0' }
 */
export function rateLimitHeaders(
  status: number,
  headers: IncomingHttpHeaders,
  /** Whether a value may be shown; one that quotes a key is dropped. */
  showable: (value: string) => boolean = () => true,
): Record<string, string> | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const passed: Record<string, string> = {};
  let count = 0;
  for (const [name, raw] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    // A 503 says when to come back; the rate-limit counters belong to a 429.
    const allowed = RETRY_AFTER.includes(lower) || (status === 429 && RATE_LIMIT.test(lower));
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (!allowed || value === undefined || value.length > MAX_VALUE_LENGTH || !PRINTABLE.test(value) || !showable(value))
      continue;
    passed[lower] = value.trim();
    count += 1;
    if (count === MAX_HEADERS) break;
  }
  return count === 0 ? undefined : passed;
}
