/** Qdrant transport and server failures as `VectorStoreError('unavailable')`, naming the operation. */
import { ConnectError, ConnectErrorCode } from '@qdrant/js-client-grpc';
import { VectorStoreError } from '../vector-store-error.js';

export interface FailureContext {
  /** What was being done, e.g. `search` or `open: create collection "cache"`. */
  readonly operation: string;
  /** The client's per-call timeout, for the message when it fired. */
  readonly timeoutMs: number;
  /**
   * Whether the server's own message may be quoted. Off for writes that carry payloads: a server may quote
   * what it was sent, and payload content never goes into an error.
   */
  readonly quoteServer: boolean;
}

function codeName(code: ConnectErrorCode): string {
  // Connect's Code is a numeric enum, so it maps back to its name (`Unavailable`, `Unauthenticated`, …).
  const name = ConnectErrorCode[code] as string | undefined;
  return name === undefined ? `code ${code}` : name.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? c : `_${c}`)).toLowerCase();
}

/**
 * @example
 * throw storeFailure(error, { operation: 'search', timeoutMs: 5000, quoteServer: true });
 * // VectorStoreError('unavailable', 'qdrant search failed (unavailable): connect ECONNREFUSED 127.0.0.1:6334')
 */
export function storeFailure(error: unknown, context: FailureContext): VectorStoreError {
  if (error instanceof VectorStoreError) return error;
  const prefix = `qdrant ${context.operation}`;
  if (!(error instanceof ConnectError)) {
    return new VectorStoreError('unavailable', `${prefix} failed: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
    });
  }
  // The client's timeout aborts the call, which surfaces as `canceled`; nothing else here cancels a call.
  if (error.code === ConnectErrorCode.Canceled || error.code === ConnectErrorCode.DeadlineExceeded) {
    return new VectorStoreError('unavailable', `${prefix} timed out after ${context.timeoutMs} ms`, { cause: error });
  }
  const detail = context.quoteServer && error.rawMessage !== '' ? `: ${error.rawMessage}` : '';
  return new VectorStoreError('unavailable', `${prefix} failed (${codeName(error.code)})${detail}`, { cause: error });
}

/**
 * Runs one call to Qdrant and turns its failure into a VectorStoreError.
 * @example
 * const count = await callQdrant({ operation: 'count', timeoutMs, quoteServer: true }, () => points.count(request));
 */
export async function callQdrant<T>(context: FailureContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storeFailure(error, context);
  }
}

/** Whether a failure is Qdrant's answer with this code (e.g. `AlreadyExists` when two instances create at once). */
export function hasCode(error: unknown, code: ConnectErrorCode): boolean {
  return error instanceof ConnectError && error.code === code;
}
