/**
 * Changes made in memory whose log records are not yet acknowledged. A write changes the state and
 * appends its record in the same tick, so memory and log agree on the order; when the log refuses a
 * record, that change and every later one (the log refuses them all from then on) are undone, newest
 * first, and a refused write leaves no trace.
 */
import type { EntryBefore, StoreState } from './store-state.js';

interface Pending<P> {
  readonly state: StoreState<P>;
  readonly before: EntryBefore<P>;
}

/**
 * @example
 * const before = state.capture(id);
 * state.upsert(id, vector, payload);
 * await pending.track(state, before, wal.append(change, vector)); // undone when the append fails
 */
export class PendingChanges<P> {
  /** In log order: a Set iterates in insertion order. */
  readonly #pending = new Set<Pending<P>>();
  #waiters: (() => void)[] = [];

  /** Waits for `logged`; when it fails, undoes this change and every change tracked after it, then rethrows. */
  async track(state: StoreState<P>, before: EntryBefore<P>, logged: Promise<void>): Promise<void> {
    const entry = { state, before };
    this.#pending.add(entry);
    try {
      await logged;
    } catch (error) {
      this.#undoAll();
      throw error;
    } finally {
      this.#pending.delete(entry);
      if (this.#pending.size === 0) this.#wake();
    }
  }

  /** Resolves once every tracked change is acknowledged or undone. */
  settled(): Promise<void> {
    if (this.#pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /**
   * Earlier changes were acknowledged before the failed append was written (the log commits in order and
   * their continuations ran first), so what is still pending is this change and the ones after it.
   */
  #undoAll(): void {
    const doomed = [...this.#pending].reverse();
    this.#pending.clear();
    for (const { state, before } of doomed) state.restore(before);
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
