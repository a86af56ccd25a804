/** One attempt at delivering a batch, and what its answer means for the next step. */
import type { BatchRequest } from './batch.js';

/**
 * `delivered`: the module took the batch. `retry`: worth another attempt (transport error, timeout,
 * 429, 5xx). `rejected`: the module refused it for good (any other status), so retrying cannot help.
 * `aborted`: the shutdown deadline cut the attempt short.
 */
export type SendOutcome =
  | { readonly kind: 'delivered'; readonly status: number }
  | { readonly kind: 'retry'; readonly reason: string }
  | { readonly kind: 'rejected'; readonly status: number }
  | { readonly kind: 'aborted' };

/**
 * Posts one batch within `timeoutMs`; never throws.
 * @example
 * const outcome = await sendBatch(batchRequest(url, key, producer, events), 5000, deadline.signal);
 * if (outcome.kind === 'retry') await sleep(backoffDelayMs(attempt, policy));
 */
export async function sendBatch(request: BatchRequest, timeoutMs: number, deadline: AbortSignal): Promise<SendOutcome> {
  if (deadline.aborted) return { kind: 'aborted' };
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.any([timeout, deadline]),
    });
    // The body is not needed; reading it frees the connection for the next batch.
    await response.arrayBuffer().catch(() => undefined);
    const status = response.status;
    if (status >= 200 && status < 300) return { kind: 'delivered', status };
    if (status === 429 || status >= 500) return { kind: 'retry', reason: `status ${status}` };
    return { kind: 'rejected', status };
  } catch (error) {
    if (deadline.aborted) return { kind: 'aborted' };
    if (timeout.aborted) return { kind: 'retry', reason: 'timeout' };
    return { kind: 'retry', reason: transportReason(error) };
  }
}

/** A short, secret-free cause: undici hides the socket error (ECONNREFUSED…) in `cause`. */
function transportReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'transport error';
}
