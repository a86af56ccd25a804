/**
 * What the soak must undo however it ends (done, failed, or interrupted by SIGINT): processes to stop, Redis
 * keys to delete, temp dirs to remove. Undone in reverse order, each step bounded, each only once.
 */
import { within } from '../apps/vector-cache/within.js';

export class Cleanups {
  readonly #steps: { readonly name: string; readonly run: () => Promise<unknown> }[] = [];

  /** Registers `run`; returns a function that runs it now (and never again). */
  add(name: string, run: () => Promise<unknown>): () => Promise<void> {
    const step = { name, run };
    this.#steps.push(step);
    return async () => {
      const at = this.#steps.indexOf(step);
      if (at < 0) return;
      this.#steps.splice(at, 1);
      await within(run(), 30_000, name).catch((error: Error) => console.error(`soak: cleanup ${name}: ${error.message}`));
    };
  }

  /** Runs every step still registered, newest first. */
  async runAll(): Promise<void> {
    while (this.#steps.length > 0) {
      const step = this.#steps.pop()!;
      await within(step.run(), 30_000, step.name).catch((error: Error) =>
        console.error(`soak: cleanup ${step.name}: ${error.message}`),
      );
    }
  }
}
