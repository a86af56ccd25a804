/** What a guard decides about a request or a response. */
import type { ErrorCode } from './errors.js';

/** How a block is shown to the client: an error envelope or a refusal completion. */
export type BlockResponse = 'error_json' | 'completion';

/** A decision that stops the request. Taps return `undefined` to let it continue. */
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
