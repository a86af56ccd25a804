/**
 * How long a lifecycle run may take. Processes are slow, so both the runs and the shrinking of a failure are
 * bounded in time (and shrinking in sequences too); past the bound, steps are skipped and sequences not
 * started, which fast-check sees as passing. Nothing is cut off mid-step: every step's own waits are bounded.
 */

export class StepBudget {
  readonly #runsEnd: number;
  #shrinkEnd: number | undefined;
  #shrinkSequences = 0;
  #skippedRuns = false;

  constructor(
    runsMs: number,
    readonly shrinkMs: number,
    readonly maxShrinkSequences: number,
    readonly now: () => number = Date.now,
  ) {
    this.#runsEnd = now() + runsMs;
  }

  /** True once the first failure was seen: the sequences from then on shrink it. */
  get shrinking(): boolean {
    return this.#shrinkEnd !== undefined;
  }

  /** Called when a sequence fails; the first call starts the shrinking budget. */
  failed(): void {
    this.#shrinkEnd ??= this.now() + this.shrinkMs;
  }

  /** True (and counted) when another sequence may start. */
  startSequence(): boolean {
    if (this.expired()) return false;
    if (!this.shrinking) return true;
    if (this.#shrinkSequences >= this.maxShrinkSequences) return false;
    this.#shrinkSequences += 1;
    return true;
  }

  /** True when no more steps should run; asked before each step and sequence, so a true skips one. */
  expired(): boolean {
    if (this.now() < (this.#shrinkEnd ?? this.#runsEnd)) return false;
    if (!this.shrinking) this.#skippedRuns = true;
    return true;
  }

  /** True when shrinking stopped at its time or sequence bound rather than running out of candidates. */
  get shrinkStopped(): boolean {
    if (this.#shrinkEnd === undefined) return false;
    return this.now() >= this.#shrinkEnd || this.#shrinkSequences >= this.maxShrinkSequences;
  }

  /** True when a step or a sequence was skipped for time before any failure: the run did less than asked. */
  get runsCutShort(): boolean {
    return this.#skippedRuns;
  }
}
