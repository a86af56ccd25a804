/** What a guard decides about a request or a response. */
import type { ErrorCode } from './errors.js';

/**
 * How a block is shown to the client: `error_json` answers 403 with the verdict's code in the error
 * envelope; `completion` answers 200 with a refusal completion (`refusalCompletion`).
 * @example
 * const respond = values.get<BlockResponse>('block_response') ?? 'error_json';
 */
export type BlockResponse = 'error_json' | 'completion';

/**
 * A decision that stops the request, returned from a preGuard or postScan tap; taps return
 * `undefined` to let it continue. The kernel records it in `exchange.verdict` and answers as `respond` says.
 * @example
 * const verdict: Verdict = {
 *   action: 'block',
 *   code: 'plugin_request_blocked',
 *   guard: PLUGIN_NAME,
 *   respond: 'error_json',
 *   reason: 'The request is outside the topics this assistant covers.',
 *   ruleId: 'off_topic',
 * };
 */
export interface Verdict {
  readonly action: 'block';
  /** Identifier of the block, e.g. `security_request_blocked`. */
  readonly code: ErrorCode;
  /** Name of the guard that decided. */
  readonly guard: string;
  readonly respond: BlockResponse;
  /** A short reason safe to show the client (never the offending text). */
  readonly reason: string;
  readonly ruleId?: string;
  readonly severity?: string;
}
