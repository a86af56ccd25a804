/**
 * Two locks of an HNSW store. The gate holds writes back while a save copies the in-memory state
 * (reads go on); the save queue runs saves, loads and exports one at a time.
 */

/**
 * @example
 * await gate.writable();            // in a write: returns at once unless a copy is under way
 * await gate.exclusive(() => copy()); // in a save: writes wait until copy() settles
 */
export class WriteGate {
  #closed: Promise<void> | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** Resolves when no copy is under way. Call it right before a synchronous change. */
  async writable(): Promise<void> {
    while (this.#closed !== undefined) await this.#closed;
  }

  /** Runs `work` while writes wait. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await this.writable();
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
