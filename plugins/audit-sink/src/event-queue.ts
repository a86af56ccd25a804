/** A bounded first-in first-out queue of evidence events: a ring, so offering and taking never copy. */
import type { EvidenceEvent } from '@sluice/core';

/**
 * @example
 * const queue = new EventQueue(2);
 * queue.offer(a); queue.offer(b); queue.offer(c); // false: full, the caller counts the drop
 * queue.take(10); // [a, b]
 */
export class EventQueue {
  readonly #slots: (EvidenceEvent | undefined)[];
  #head = 0;
  #size = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('EventQueue capacity must be an integer of at least 1');
    this.#slots = new Array<EvidenceEvent | undefined>(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Adds at the tail; false (and nothing stored) when full. */
  offer(event: EvidenceEvent): boolean {
    if (this.#size === this.capacity) return false;
    this.#slots[(this.#head + this.#size) % this.capacity] = event;
    this.#size += 1;
    return true;
  }

  /** Removes and returns up to `max` events from the head, oldest first. */
  take(max: number): EvidenceEvent[] {
    const count = Math.min(max, this.#size);
    const events: EvidenceEvent[] = [];
    for (let i = 0; i < count; i += 1) {
      const event = this.#slots[this.#head];
      this.#slots[this.#head] = undefined; // let the event be collected once delivered
      this.#head = (this.#head + 1) % this.capacity;
      if (event !== undefined) events.push(event);
    }
    this.#size -= count;
    return events;
  }
}
