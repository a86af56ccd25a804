/**
 * Whether a store failure means the store did not answer (PostgreSQL down, restarting or cut off) rather
 * than refused what was asked: the first is the module's 503 `unavailable`, which producers retry, the
 * second stays a 500. Read from the error's code: Node's socket codes, PostgreSQL's connection exception
 * class (08) and shutdown codes (57P01–57P03), and node-postgres's own words for a dropped connection.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);

/**
 * @example
 * storeUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })); // true
 */
export function storeUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SHUTDOWN_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  const message = error instanceof Error ? error.message : '';
  return message.startsWith('Connection terminated') || message.startsWith('timeout exceeded when trying to connect');
}
