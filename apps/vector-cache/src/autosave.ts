/** Periodic saves of the paired set; one at a time, never overlapping, stopped before the final save. */

/**
 * @example
 * const autosave = new Autosave(300_000, () => store.saveSnapshot());
 * autosave.start();
 */
export class Autosave {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    readonly intervalMs: number,
    readonly save: () => Promise<void>,
  ) {}

  start(): void {
    this.#timer ??= setInterval(() => {
      // A save still running when the next tick comes is not doubled up.
      this.#running ??= this.save().finally(() => (this.#running = undefined));
    }, this.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Resolves once no save is running. */
  async idle(): Promise<void> {
    await this.#running;
  }
}
