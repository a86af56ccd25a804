/**
 * Two locks of an HNSW store. The gate holds writes back while a save copies the in-memory state
 * (reads go on); the save queue runs saves, loads and exports one at a time.
 */

/**
 * @example
 * while (!gate.open) await gate.writable(); // in a write, then change state in the same tick
 * await gate.exclusive(() => copy()); // in a save: writes wait until copy() settles
 */
export class WriteGate {
  #closed: Promise<void> | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** True when no copy is under way; checked in the same tick as the change it allows. */
  get open(): boolean {
    return this.#closed === undefined;
  }

  /** Resolves when no copy is under way; a copy may start before the caller's next tick, so check `open` again. */
  async writable(): Promise<void> {
    while (this.#closed !== undefined) await this.#closed;
  }

  /** Runs `work` while writes wait. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    // Inline, so no other copy can close the gate between the wait and the close.
    while (this.#closed !== undefined) await this.#closed;
    let open!: () => void;
    this.#closed = new Promise<void>((resolve) => (open = resolve));
    try {
      return await work();
    } finally {
      this.#closed = undefined;
      open();
    }
  }

  /** Runs `work` after every save queued before it. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}
