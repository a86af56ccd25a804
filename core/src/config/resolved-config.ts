/** The values of a config file after resolution, with where each was written. */
import type { Location } from './config-error.js';
import type { DirectiveValues } from './directive.js';

export interface ResolvedEntry {
  readonly name: string;
  readonly value: unknown;
  /** Absent when the value is the directive's default. */
  readonly loc?: Location;
}

export class ResolvedConfig implements DirectiveValues {
  readonly #entries: Map<string, ResolvedEntry>;

  constructor(
    readonly file: string,
    entries: Iterable<ResolvedEntry>,
  ) {
    this.#entries = new Map([...entries].map((e) => [e.name, e]));
  }

  get<T>(name: string): T | undefined {
    return this.#entries.get(name)?.value as T | undefined;
  }

  has(name: string): boolean {
    return this.#entries.get(name)?.loc !== undefined;
  }

  loc(name: string): Location | undefined {
    return this.#entries.get(name)?.loc;
  }

  entries(): IterableIterator<ResolvedEntry> {
    return this.#entries.values();
  }
}
