/**
 * Whether the vector store answers, as readiness reports it. Kept apart from the taps that feed it: the
 * lookup and store taps report faults and answers, the readiness probe asks for a recovery check.
 */
import type { OpenedStore } from './semantic-store.js';

export class StoreHealth {
  #down: string | undefined;
  /** Store faults so far; a probe clears `#down` only when none came after it started. */
  #faults = 0;
  #probing = false;

  /** Why the store is down since its last fault, or undefined while it answers. */
  get down(): string | undefined {
    return this.#down;
  }

  failed(reason: string): void {
    this.#down = reason;
    this.#faults += 1;
  }

  answered(): void {
    this.#down = undefined;
  }

  /**
   * Asks a store that failed whether it answers again. An unready instance gets no traffic, so the
   * readiness probe's own polling must be what finds the recovery. `current` tells whether `opened` is
   * still the store in use when the answer comes.
   */
  probe(opened: OpenedStore, current: () => OpenedStore | undefined): void {
    if (this.#down === undefined || this.#probing) return;
    this.#probing = true;
    const faults = this.#faults;
    void opened
      .probe()
      .then((reason) => {
        if (reason === undefined && this.#faults === faults && current() === opened) this.#down = undefined;
      })
      .finally(() => {
        this.#probing = false;
      });
  }
}
