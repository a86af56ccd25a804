/**
 * One upstream's circuit breaker: after N consecutive failures it opens and the upstream is skipped; once the
 * open time has passed, one request goes through as a half-open probe, which closes it again or reopens it.
 */

/**
 * closed: calls go through; open: skipped; half_open: one probe is (or may be) in flight.
 * @example
 * const state: BreakerState = breaker.state; // 'closed'
 */
export type BreakerState = 'closed' | 'open' | 'half_open';

/**
 * The gauge value of each state (`gw_upstream_breaker_state`).
 * @example
 * BREAKER_GAUGE.open; // 1
 */
export const BREAKER_GAUGE: Readonly<Record<BreakerState, number>> = Object.freeze({ closed: 0, open: 1, half_open: 2 });

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the breaker; 0 never opens it. */
  readonly failures: number;
  /** Milliseconds the breaker stays open before a probe may go through. */
  readonly openMs: number;
  /** Told of every change of state. */
  readonly onChange?: (state: BreakerState) => void;
  readonly now?: () => number;
}

/**
 * @example
 * const breaker = new CircuitBreaker({ failures: 5, openMs: 30_000 });
 * const pass = breaker.admit();
 * if (pass !== undefined) pass.settle(await callUpstream().then(() => 'success', () => 'failure'));
 */
export class CircuitBreaker {
  readonly #options: CircuitBreakerOptions;
  readonly #now: () => number;
  #state: BreakerState = 'closed';
  #failures = 0;
  #openedAt = 0;
  #probing = false;

  constructor(options: CircuitBreakerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The state now: an open breaker whose time has passed turns half-open when it is next looked at. */
  get state(): BreakerState {
    if (this.#state === 'open' && this.#now() - this.#openedAt >= this.#options.openMs) this.#move('half_open');
    return this.#state;
  }

  /** Milliseconds until an open breaker lets a probe through; 0 when it is not open. */
  get retryInMs(): number {
    return this.#state === 'open' ? Math.max(0, this.#openedAt + this.#options.openMs - this.#now()) : 0;
  }

  /**
   * Asks to call the upstream: a pass when the breaker is closed, or when it lets this call through as the
   * half-open probe; undefined when the upstream is to be skipped. Every pass must be settled once.
   */
  admit(): BreakerPass | undefined {
    if (this.state === 'closed') return this.#pass(false);
    if (this.state === 'open' || this.#probing) return undefined;
    this.#probing = true;
    return this.#pass(true);
  }

  #pass(probe: boolean): BreakerPass {
    let settled = false;
    return {
      probe,
      settle: (outcome) => {
        if (settled) return;
        settled = true;
        this.#settle(outcome, probe);
      },
    };
  }

  #settle(outcome: AttemptOutcome, probe: boolean): void {
    if (probe) this.#probing = false;
    if (outcome === 'neutral') return;
    if (outcome === 'success') {
      this.#failures = 0;
      if (probe || this.#state !== 'closed') this.#move('closed');
      return;
    }
    this.#failures += 1;
    // A failed probe reopens at once; a closed breaker opens at the threshold. A late failure of a call
    // admitted before the breaker opened leaves the open time as it was.
    const opens = probe || (this.#state === 'closed' && this.#options.failures > 0 && this.#failures >= this.#options.failures);
    if (opens) {
      this.#openedAt = this.#now();
      this.#move('open');
    }
  }

  #move(state: BreakerState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#options.onChange?.(state);
  }
}

/**
 * How one call went, as the breaker counts it: `neutral` (the client left) counts neither way.
 * @example
 * pass.settle('neutral' satisfies AttemptOutcome);
 */
export type AttemptOutcome = 'success' | 'failure' | 'neutral';

/**
 * Leave to call an upstream once.
 * @example
 * const pass = breaker.admit();
 * pass?.settle('failure');
 */
export interface BreakerPass {
  /** This call is the half-open probe. */
  readonly probe: boolean;
  settle(outcome: AttemptOutcome): void;
}
