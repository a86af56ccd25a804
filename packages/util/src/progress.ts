/** Progress of a long operation for a person watching: throttled lines on stderr, kept out of logs and tests. */

/**
 * Where progress goes: a terminal rewrites one line in place, anything else gets whole lines.
 * @example
 * const lines: string[] = [];
 * const stream: ProgressStream = { write: (text: string) => lines.push(text) }; // not a terminal: whole lines
 */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/**
 * What a `Progress` shows, where, and how often.
 * @example
 * const options: ProgressOptions = { label: 'restoring 2 sets', total: 2, enabled: progressWanted(flags.progress) };
 */
export interface ProgressOptions {
  /** What is under way, e.g. `building 100,000 entries`. */
  readonly label: string;
  /** Units in all, when known: adds a percentage and the time left. */
  readonly total?: number;
  /** Default: process.stderr. */
  readonly stream?: ProgressStream;
  /** Whether lines are written at all. Default: only when the stream is a terminal. */
  readonly enabled?: boolean;
  /** Least time between two throttled lines. Default: 1000 ms. */
  readonly intervalMs?: number;
  /** Milliseconds from any origin; tests pass a fake clock. */
  readonly now?: () => number;
}

/** Clears the terminal line the cursor is on. */
const CLEAR_LINE = '\r\x1b[2K';

/**
 * Whether to show progress: always with `--progress`, else only on a terminal.
 * @example
 * const progress = new Progress({ label: 'pruning', enabled: progressWanted(flags.progress) });
 */
export function progressWanted(flag: boolean | undefined, stream: ProgressStream = process.stderr): boolean {
  return flag === true || stream.isTTY === true;
}

/**
 * The progress of one long operation, for a person watching (a restore, a prune, a bench build): lines at
 * most once per interval on stderr, one line rewritten in place on a terminal, nothing when not enabled.
 * Results and logs go elsewhere, so progress never mixes into what a script reads.
 * @example
 * const progress = new Progress({ label: 'building 100,000 entries', total: 100_000 });
 * for (let i = 0; i < 100_000; i++) { build(i); progress.count(i + 1); }
 * progress.end(); // then print the one-line result where results go
 */
export class Progress {
  readonly #label: string;
  readonly #total: number | undefined;
  readonly #stream: ProgressStream;
  readonly #enabled: boolean;
  readonly #tty: boolean;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #started: number;
  #lastShown: number;
  /** A terminal line is showing and must be cleared before anything else is written. */
  #showing = false;

  constructor(options: ProgressOptions) {
    this.#label = options.label;
    this.#total = options.total;
    this.#stream = options.stream ?? process.stderr;
    this.#enabled = options.enabled ?? this.#stream.isTTY === true;
    this.#tty = this.#stream.isTTY === true;
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#now = options.now ?? (() => performance.now());
    this.#started = this.#now();
    this.#lastShown = this.#started;
  }

  /** Whether lines are written at all. */
  get enabled(): boolean {
    return this.#enabled;
  }

  /** Milliseconds since the progress was created. */
  get elapsedMs(): number {
    return this.#now() - this.#started;
  }

  /** Reports `done` units (and what they mean, in `detail`); shown at most once per interval. */
  count(done: number, detail?: string): void {
    if (!this.#enabled || this.#now() - this.#lastShown < this.#intervalMs) return;
    const state = { label: this.#label, done, elapsedMs: this.elapsedMs };
    this.#show(
      formatProgress({
        ...state,
        ...(this.#total === undefined ? {} : { total: this.#total }),
        ...(detail === undefined ? {} : { detail }),
      }),
    );
  }

  /** Shows a step of the operation at once (`reading the index`), whatever the interval. */
  step(text: string): void {
    if (this.#enabled) this.#show(`${this.#label}: ${text}`);
  }

  /** Clears a line left on a terminal, so the result that follows starts a clean line. */
  end(): void {
    if (this.#showing) this.#stream.write(CLEAR_LINE);
    this.#showing = false;
  }

  #show(line: string): void {
    this.#lastShown = this.#now();
    if (this.#tty) {
      this.#stream.write(`${CLEAR_LINE}${line}`);
      this.#showing = true;
    } else {
      this.#stream.write(`${line}\n`);
    }
  }
}

/**
 * One progress line.
 * @example
 * formatProgress({ label: 'building 100,000 entries', done: 40_000, total: 100_000, elapsedMs: 12_000 });
 * // 'building 100,000 entries: 40% (40,000) 12 s elapsed, ~18 s left'
 */
export function formatProgress(state: {
  readonly label: string;
  readonly done: number;
  readonly total?: number;
  readonly elapsedMs: number;
  readonly detail?: string;
}): string {
  const what = state.detail ?? formatCount(state.done);
  const elapsed = `${formatDuration(state.elapsedMs)} elapsed`;
  if (state.total === undefined || state.total <= 0) return `${state.label}: ${what}, ${elapsed}`;
  const share = Math.min(1, state.done / state.total);
  const left = share > 0 ? `, ~${formatDuration((state.elapsedMs / share) * (1 - share))} left` : '';
  return `${state.label}: ${Math.floor(share * 100)}% (${what}) ${elapsed}${left}`;
}

/**
 * A count as progress lines show it: rounded, with thousands separated by commas.
 * @example
 * formatCount(100000); // '100,000'
 */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * Seconds with one decimal below 10 s, whole seconds below a minute, then minutes and seconds.
 * @example
 * formatDuration(2100); // '2.1 s'
 * formatDuration(95_000); // '1 min 35 s'
 */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
