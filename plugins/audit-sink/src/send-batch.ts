/** One attempt at delivering a batch, and what its answer means for the next step. */
import type { BatchRequest } from './batch.js';

/** The largest answer read from the module; a per-event result of 1000 refusals fits many times over. */
const MAX_REPLY_BYTES = 1024 * 1024;

/** One event the module refused, by its place in the batch sent. */
export interface EventRejection {
  readonly index: number;
  readonly code: string;
  readonly message: string;
}

/** What the module did with a batch it took: new events, events it already held, events it refused. */
export interface BatchReceipt {
  readonly accepted: number;
  readonly duplicates: number;
  readonly rejected: readonly EventRejection[];
}

/**
 * `delivered`: the module took the batch, with its per-event receipt. `retry`: worth another attempt
 * (transport error, timeout, 429, 5xx). `rejected`: the module refused the whole batch for good (any other
 * status); `eventIndex` is the event an audit module without per-event results named as the cause.
 * `aborted`: the shutdown deadline cut the attempt short.
 */
export type SendOutcome =
  | { readonly kind: 'delivered'; readonly status: number; readonly receipt: BatchReceipt }
  | { readonly kind: 'retry'; readonly reason: string }
  | { readonly kind: 'rejected'; readonly status: number; readonly eventIndex?: number }
  | { readonly kind: 'aborted' };

/**
 * Posts one batch of `size` events within `timeoutMs`; never throws.
 * @example
 * const outcome = await sendBatch(batchRequest(url, key, producer, events), events.length, 5000, deadline.signal);
 * if (outcome.kind === 'retry') await sleep(backoffDelayMs(attempt, policy));
 */
export async function sendBatch(
  request: BatchRequest,
  size: number,
  timeoutMs: number,
  deadline: AbortSignal,
): Promise<SendOutcome> {
  if (deadline.aborted) return { kind: 'aborted' };
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.any([timeout, deadline]),
    });
    const status = response.status;
    if (status === 429 || status >= 500) {
      // The body is not needed; reading it frees the connection for the next batch.
      await response.arrayBuffer().catch(() => undefined);
      return { kind: 'retry', reason: `status ${status}` };
    }
    const reply = await readReply(response);
    if (status >= 200 && status < 300) return { kind: 'delivered', status, receipt: receiptOf(reply, size) };
    const eventIndex = status === 400 ? namedEvent(reply, size) : undefined;
    return eventIndex === undefined ? { kind: 'rejected', status } : { kind: 'rejected', status, eventIndex };
  } catch (error) {
    if (deadline.aborted) return { kind: 'aborted' };
    if (timeout.aborted) return { kind: 'retry', reason: 'timeout' };
    return { kind: 'retry', reason: transportReason(error) };
  }
}

/** The reply as JSON, or undefined; at most MAX_REPLY_BYTES are read, whatever the module sends. */
async function readReply(response: Response): Promise<unknown> {
  if (response.body === null) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_REPLY_BYTES) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Read tolerantly: a module without per-event results (an older one, or another implementation) took
 * every event, as its 2xx says; indexes outside the batch or repeated are ignored.
 */
function receiptOf(reply: unknown, size: number): BatchReceipt {
  const body = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>;
  const seen = new Set<number>();
  const rejected: EventRejection[] = [];
  for (const item of Array.isArray(body.rejected) ? (body.rejected as unknown[]) : []) {
    const { index, code, message } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= size || seen.has(index)) continue;
    seen.add(index);
    rejected.push({ index, code: shortText(code, 'rejected'), message: shortText(message, '') });
  }
  // Every event not refused was taken: stored new, or already held.
  const taken = size - rejected.length;
  const duplicates = Math.min(count(body.duplicates), taken);
  return { accepted: taken - duplicates, duplicates, rejected };
}

/** An older audit module refuses a batch whole, naming its first bad event as `events.<index>…`. */
function namedEvent(reply: unknown, size: number): number | undefined {
  const message = (reply as { error?: { message?: unknown } } | undefined)?.error?.message;
  if (typeof message !== 'string') return undefined;
  const index = Number(/\bevents\.(\d+)\b/.exec(message)?.[1]);
  return Number.isInteger(index) && index < size ? index : undefined;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** Logged, so kept short; the module's messages name fields, never values. */
function shortText(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value.slice(0, 200) : fallback;
}

/** A short, secret-free cause: undici hides the socket error (ECONNREFUSED…) in `cause`. */
function transportReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'transport error';
}
