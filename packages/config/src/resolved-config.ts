/** The values of a config file after resolution, with where each was written. */
import type { Location } from './config-error.js';
import type { DirectiveValues } from './directive.js';
import type { PluginModule } from './plugin-module.js';

/**
 * One loaded `plugin` block: the package's module and its resolved directives (`config.plugins`).
 * @example
 * for (const block of config.plugins) {
 *   kernel.use(block.module.create(block.values, { packageName: block.packageName, file: config.file }));
 * }
 */
export interface PluginBlock {
  /** As written after `plugin`. */
  readonly packageName: string;
  readonly module: PluginModule;
  readonly values: ResolvedConfig;
  /** Where the block starts. */
  readonly loc: Location;
}

/**
 * One directive's resolved value and where it was written.
 * @example
 * const defaulted = [...config.entries()].filter((entry) => entry.loc === undefined).map((entry) => entry.name);
 */
export interface ResolvedEntry {
  readonly name: string;
  readonly value: unknown;
  /** Absent when the value is the directive's default. */
  readonly loc?: Location;
  /**
   * For a block directive: each statement's block as resolved (in the order of the values; a statement
   * without a block resolves as an empty one), so `--print-config` can tell what the block wrote from what it defaulted.
   */
  readonly blocks?: readonly (ResolvedConfig | undefined)[];
}

/**
 * The values of a config file after resolution: each directive's value or default, where it was
 * written, and the file's `plugin` blocks. A plugin module's `create` gets one per block.
 * @example
 * const ttl = config.get<number>('faq_ttl'); // the default when the file does not set it
 * const where = config.loc('faq_ttl'); // undefined when defaulted
 */
export class ResolvedConfig implements DirectiveValues {
  readonly #entries: Map<string, ResolvedEntry>;

  constructor(
    readonly file: string,
    entries: Iterable<ResolvedEntry>,
    /** The `plugin` blocks of the file, in the order written. */
    readonly plugins: readonly PluginBlock[] = [],
  ) {
    this.#entries = new Map([...entries].map((e) => [e.name, e]));
  }

  get<T>(name: string): T | undefined {
    return this.#entries.get(name)?.value as T | undefined;
  }

  has(name: string): boolean {
    return this.#entries.get(name)?.loc !== undefined;
  }

  /** Where the directive is written; undefined when it is defaulted. */
  loc(name: string): Location | undefined {
    return this.#entries.get(name)?.loc;
  }

  /** Every directive, written or defaulted. */
  entries(): IterableIterator<ResolvedEntry> {
    return this.#entries.values();
  }

  /** The same values with the file's plugin blocks attached. */
  withPlugins(plugins: readonly PluginBlock[]): ResolvedConfig {
    return new ResolvedConfig(this.file, this.#entries.values(), plugins);
  }
}
