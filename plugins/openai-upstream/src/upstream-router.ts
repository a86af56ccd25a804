/**
 * The order in which one request meets the upstreams: those serving its model, by priority; within one
 * priority by smooth weighted round robin (as nginx balances its servers), so weights 3 and 1 give exactly
 * three calls in four to the first, spread out rather than in runs. An upstream whose breaker is open comes
 * last in its priority, where the caller skips it.
 */
import type { UpstreamTarget } from './upstream-target.js';

export class UpstreamRouter {
  readonly #groups: readonly (readonly UpstreamTarget[])[];
  /** Each upstream's running weight for the round robin. */
  readonly #current = new Map<UpstreamTarget, number>();

  /**
   * @example
   * const router = new UpstreamRouter(targets);
   * for (const target of router.candidates('gpt-4o-mini')) { … }
   */
  constructor(targets: readonly UpstreamTarget[]) {
    const priorities = [...new Set(targets.map((t) => t.priority))].sort((a, b) => a - b);
    this.#groups = priorities.map((p) => targets.filter((t) => t.priority === p));
    for (const target of targets) this.#current.set(target, 0);
  }

  /** Whether any upstream serves `model`. */
  serves(model: string | undefined): boolean {
    return this.#groups.some((group) => group.some((t) => t.serves(model)));
  }

  /** The upstreams for one request, best first; each is chosen only when the caller asks for the next. */
  *candidates(model: string | undefined): Generator<UpstreamTarget, void, undefined> {
    for (const group of this.#groups) {
      const left = group.filter((t) => t.serves(model));
      while (left.length > 0) {
        const ready = left.filter((t) => t.breaker.state !== 'open');
        const chosen = ready.length > 0 ? this.#pick(ready) : left[0]!;
        left.splice(left.indexOf(chosen), 1);
        yield chosen;
      }
    }
  }

  #pick(members: readonly UpstreamTarget[]): UpstreamTarget {
    if (members.length === 1) return members[0]!;
    let total = 0;
    let best: UpstreamTarget | undefined;
    for (const member of members) {
      const current = (this.#current.get(member) ?? 0) + member.weight;
      this.#current.set(member, current);
      total += member.weight;
      if (best === undefined || current > (this.#current.get(best) ?? 0)) best = member;
    }
    this.#current.set(best!, (this.#current.get(best!) ?? 0) - total);
    return best!;
  }
}
