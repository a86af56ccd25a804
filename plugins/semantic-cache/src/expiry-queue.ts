/**
 * Entries by expiry time, soonest first: a binary min-heap, so a full store finds its expired entries in
 * O(log n) each instead of scanning every entry. Replaced and deleted entries are not taken out (that
 * would need their position); the caller skips a stale one as it comes to the top.
 */

interface Expiry {
  readonly expiresAt: number;
  readonly id: number;
}

/**
 * @example
 * const queue = new ExpiryQueue();
 * queue.push(7, Date.now() + 60_000);
 * queue.peek(); // { expiresAt: …, id: 7 }
 */
export class ExpiryQueue {
  #heap: Expiry[] = [];

  get size(): number {
    return this.#heap.length;
  }

  push(id: number, expiresAt: number): void {
    const heap = this.#heap;
    heap.push({ expiresAt, id });
    let at = heap.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent]!.expiresAt <= heap[at]!.expiresAt) break;
      [heap[parent], heap[at]] = [heap[at]!, heap[parent]!];
      at = parent;
    }
  }

  /** The soonest expiry, stale or not. */
  peek(): Expiry | undefined {
    return this.#heap[0];
  }

  pop(): Expiry | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    heap[0] = last;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < heap.length && heap[left]!.expiresAt < heap[least]!.expiresAt) least = left;
      if (right < heap.length && heap[right]!.expiresAt < heap[least]!.expiresAt) least = right;
      if (least === at) break;
      [heap[least], heap[at]] = [heap[at]!, heap[least]!];
      at = least;
    }
    return top;
  }

  /** Starts again from the entries still held, dropping the stale ones; O(n log n), so call it seldom. */
  rebuild(entries: Iterable<readonly [id: number, expiresAt: number]>): void {
    const heap: Expiry[] = [];
    for (const [id, expiresAt] of entries) heap.push({ expiresAt, id });
    // An array in ascending order is a min-heap.
    this.#heap = heap.sort((a, b) => a.expiresAt - b.expiresAt);
  }
}
