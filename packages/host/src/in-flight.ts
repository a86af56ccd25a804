/** Requests being served, and a wait for none to be: what a drain needs to know before it closes connections. */

/**
 * A count of requests in flight that a drain can wait on; the host's request handler and the module
 * server both count with it.
 * @example
 * const inFlight = new InFlight();
 * inFlight.start();
 * res.once('close', () => inFlight.end());
 * // on shutdown:
 * const finished = await inFlight.idle(10_000); // false: the timeout came first
 */
export class InFlight {
  #count = 0;
  #waiting: (() => void)[] = [];

  /** Requests started and not yet ended. */
  get count(): number {
    return this.#count;
  }

  start(): void {
    this.#count += 1;
  }

  end(): void {
    this.#count -= 1;
    if (this.#count === 0 && this.#waiting.length > 0) {
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const done of waiting) done();
    }
  }

  /** Resolves true once no request is in flight, or false when `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          this.#waiting = this.#waiting.filter((done) => done !== onIdle);
          resolve(false);
        },
        Math.max(0, timeoutMs),
      );
      this.#waiting.push(onIdle);
    });
  }
}
