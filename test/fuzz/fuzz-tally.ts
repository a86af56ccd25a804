/** Runs a suite's properties within its budget and counts what they tried, for the suite's summary line. */
import fc from 'fast-check';
import type { FuzzBudget } from './fuzz-budget.js';

export interface PropertyPlan {
  /** Runs at FUZZ_RUNS=1; the budget's scale multiplies them. */
  readonly runs: number;
  /** The part of the suite's FUZZ_SECONDS this property may take before it stops early. */
  readonly shareOfTime: number;
}

/** Longest part of a failure report shown: a counterexample can be a megabyte of body text. */
const SHOWN_CHARS = 3000;

/**
 * @example
 * const tally = new FuzzTally('gateway', fuzzBudget(), ['/v1/chat/completions']);
 * await tally.check('chat bodies', fc.asyncProperty(chatBody, async (body) => { … }), { runs: 200, shareOfTime: 0.3 });
 * console.log(tally.summary()); // fuzz gateway: 200 inputs over 1 endpoints, 0 failures (seed 20261124)
 */
export class FuzzTally {
  readonly #endpoints = new Set<string>();
  readonly #stoppedEarly: string[] = [];
  #inputs = 0;
  #failures = 0;

  /** @param endpoints the service's endpoints, as its docs list them */
  constructor(
    readonly service: string,
    readonly budget: FuzzBudget,
    readonly endpoints: readonly string[],
  ) {}

  /** Records that a request went to `path`; one of the service's endpoints counts towards the endpoints tried. */
  touch(path: string): void {
    if (this.endpoints.includes(path)) this.#endpoints.add(path);
  }

  get inputs(): number {
    return this.#inputs;
  }

  /** Runs the property with the budget's seed; every execution counts, shrinking included. Throws on a failure. */
  async check<Ts extends [unknown, ...unknown[]]>(
    name: string,
    property: fc.IAsyncPropertyWithHooks<Ts>,
    plan: PropertyPlan,
  ): Promise<void> {
    const counted = property.beforeEach(async (previous) => {
      this.#inputs += 1;
      await previous();
    });
    const details = await fc.check(counted, {
      seed: this.budget.seed,
      numRuns: plan.runs * this.budget.scale,
      interruptAfterTimeLimit: Math.max(1000, plan.shareOfTime * this.budget.seconds * 1000),
    });
    if (details.interrupted && !details.failed) this.#stoppedEarly.push(`${name} (${details.numRuns} runs)`);
    if (!details.failed) return;
    this.#failures += 1;
    throw new Error(`fuzz ${this.service}, ${name}: ${failureReport(details, this.budget.seed)}`);
  }

  /** `fuzz gateway: 1,234 inputs over 7 endpoints, 0 failures (seed 42)`, and which properties ran out of time. */
  summary(): string {
    const count = (n: number) => n.toLocaleString('en-US');
    const line = `fuzz ${this.service}: ${count(this.#inputs)} inputs over ${this.#endpoints.size} endpoints, ${this.#failures} failures (seed ${this.budget.seed})`;
    if (this.#stoppedEarly.length === 0) return line;
    return `${line}\n  stopped at their share of FUZZ_SECONDS=${this.budget.seconds}: ${this.#stoppedEarly.join(', ')}`;
  }
}

/** The problem first, then the counterexample (shortened) and how to replay it. */
function failureReport<Ts>(details: fc.RunDetails<Ts>, seed: number): string {
  const shorten = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} chars)` : text);
  const problem = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return [
    shorten(problem),
    `counterexample: ${shorten(fc.stringify(details.counterexample))}`,
    `after ${details.numRuns} runs and ${details.numShrinks} shrinks; replay with FUZZ_SEED=${seed} (fast-check path ${details.counterexamplePath})`,
  ].join('\n');
}
