/**
 * One call to a guard module over its HTTP contract: `POST {base}{path}` with JSON, the key in `x-api-key`
 * (left out when empty), one timeout. The reply is classified; each guard maps the class to its own
 * errors and blocks (CONTRACTS.md: a 401/403 is a block for the security guard, an outage for usage).
 */
import { maskUrl, urlWithoutUserinfo } from '@sluice/util';

/**
 * How a guard call failed, for the guard to map to its own errors and blocks.
 * @example
 * const failOpen = (kind: GuardCallFailureKind) => kind === 'timeout' || kind === 'unavailable';
 */
export type GuardCallFailureKind =
  /** No answer in time, or a 408 / 504 from the module. */
  | 'timeout'
  /** The module answered 401 or 403. */
  | 'refused'
  /** The module answered 400 or 422, or a 2xx that is not a JSON object. */
  | 'contract'
  /** Anything else: a transport error or another status. */
  | 'unavailable';

/**
 * A guard call that got no usable answer: what kind of failure, and the module's status and JSON reply when
 * it answered.
 * @example
 * try {
 *   return await callGuard(options, '/v1/scan', body);
 * } catch (error) {
 *   if (error instanceof GuardCallError && error.kind === 'refused') return blockVerdict(error.body);
 *   throw error;
 * }
 */
export class GuardCallError extends Error {
  constructor(
    readonly kind: GuardCallFailureKind,
    message: string,
    /** The module's HTTP status, when it answered. */
    readonly status?: number,
    /** The module's JSON reply, when it answered with one (a refusing security guard may explain it). */
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GuardCallError';
  }
}

/**
 * Where a guard call goes, with which key, for how long at most, and the client's signal that cancels it.
 * @example
 * const options: GuardCallOptions = { baseUrl: 'http://127.0.0.1:8101', apiKey: key, timeoutMs: 10_000, signal: exchange.signal };
 */
export interface GuardCallOptions {
  /** The module's base URL, e.g. `http://127.0.0.1:8101`. */
  readonly baseUrl: string;
  /** Sent as `x-api-key`; an empty key sends no header. */
  readonly apiKey: string;
  /** Longest the whole call may take, answer read included. */
  readonly timeoutMs: number;
  /** The client's signal: a client that leaves cancels the call. */
  readonly signal?: AbortSignal;
}

/**
 * Posts `body` as JSON to the module's `path` and returns its JSON object reply; every other outcome is a
 * {@link GuardCallError} of the matching kind. Credentials in the base URL are never sent.
 * @example
 * const reply = await callGuard({ baseUrl, apiKey, timeoutMs: 10_000, signal }, '/v1/scan', { stage: 'request', messages });
 */
export async function callGuard(options: GuardCallOptions, path: string, body: unknown): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey !== '') headers['x-api-key'] = options.apiKey;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${urlWithoutUserinfo(options.baseUrl).replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted)
      throw new GuardCallError('timeout', `no answer within ${options.timeoutMs} ms`, undefined, undefined, { cause: error });
    throw new GuardCallError('unavailable', `cannot reach the module: ${causeOf(error)}`, undefined, undefined, { cause: error });
  }
  const parsed = parseObject(text);
  const status = response.status;
  if (status === 401 || status === 403) throw new GuardCallError('refused', `the module answered ${status}`, status, parsed);
  if (status === 400 || status === 422) throw new GuardCallError('contract', `the module answered ${status}`, status, parsed);
  if (status === 408 || status === 504) throw new GuardCallError('timeout', `the module answered ${status}`, status, parsed);
  if (status < 200 || status >= 300) throw new GuardCallError('unavailable', `the module answered ${status}`, status, parsed);
  if (parsed === undefined)
    throw new GuardCallError('contract', 'the module answered with a body that is not a JSON object', status);
  return parsed;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Transport messages may quote the URL called: they are logged, so they are masked. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return maskUrl(cause?.code ?? cause?.message ?? (error as Error).message);
}
