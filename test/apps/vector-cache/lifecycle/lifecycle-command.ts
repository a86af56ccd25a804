/**
 * One step of a lifecycle sequence, as fast-check's model-based testing runs it: it applies when its
 * precondition holds and the run's time is not spent, acts on the real service, updates the model with what
 * was acknowledged, then the whole service is checked against the model.
 */
import type fc from 'fast-check';
import { assertAgrees } from './agreement.js';
import type { LiveService } from './live-service.js';
import type { LifecycleModel } from './model.js';
import type { StepBudget } from './step-budget.js';
import type { LifecycleTally } from './tally.js';

export interface LifecycleContext {
  readonly tally: LifecycleTally;
  readonly budget: StepBudget;
}

export abstract class LifecycleCommand implements fc.AsyncCommand<LifecycleModel, LiveService> {
  /** The command's name in the tally. */
  abstract readonly kind: string;

  constructor(readonly context: LifecycleContext) {}

  check(model: Readonly<LifecycleModel>): boolean {
    return !this.context.budget.expired() && this.applies(model);
  }

  async run(model: LifecycleModel, live: LiveService): Promise<void> {
    this.context.tally.count(this.kind);
    model.step += 1;
    try {
      await this.act(model, live);
      await assertAgrees(model, live);
    } catch (error) {
      throw new Error(`step ${model.step}, ${this}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** The precondition: true unless the command makes no sense in this state. */
  protected applies(_model: Readonly<LifecycleModel>): boolean {
    return true;
  }

  protected abstract act(model: LifecycleModel, live: LiveService): Promise<void>;

  /** How the step reads in a printed (shrunk) sequence: one call, no comma (fast-check joins steps with commas). */
  abstract toString(): string;
}
