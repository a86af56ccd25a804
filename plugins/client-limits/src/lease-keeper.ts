/**
 * Keeps this process's request slots alive: a slot is a lease that expires unless renewed, so a gateway
 * that dies frees its slots after one lease, while a long request (a slow stream) keeps its own.
 */
import type { LimitStore } from './limit-store.js';

/**
 * The slots held now, renewed every third of a lease.
 * @example
 * const keeper = new LeaseKeeper(() => store, Date.now, 60_000, () => metrics.storeError('renew'));
 * keeper.start();
 */
export class LeaseKeeper {
  readonly #held = new Map<string, readonly { readonly key: string; readonly lease: string }[]>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly store: () => LimitStore | undefined,
    readonly now: () => number,
    readonly leaseMs: number,
    readonly onFault: (error: unknown) => void,
  ) {}

  /** How many requests hold slots now. */
  get size(): number {
    return this.#held.size;
  }

  hold(lease: string, slots: readonly { readonly key: string; readonly lease: string }[]): void {
    if (slots.length > 0) this.#held.set(lease, slots);
  }

  drop(lease: string): void {
    this.#held.delete(lease);
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => this.renewAll(), Math.max(1000, Math.floor(this.leaseMs / 3)));
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Renews every held slot once; faults are counted, and the next round tries again. */
  renewAll(): Promise<void> {
    const store = this.store();
    if (store === undefined) return Promise.resolve();
    const at = this.now();
    const renewals = [...this.#held.values()]
      .flat()
      .map((slot) => store.renew(slot.key, slot.lease, at, this.leaseMs).catch(this.onFault));
    return Promise.all(renewals).then(() => undefined);
  }
}
