/** How a plugin declares the configuration directives it owns. */
import type { TSchema } from 'typebox';

/**
 * Marks how a word of the config file is read before its schema checks it. Strings, numbers,
 * integers and booleans (`on/off/true/false`) follow the TypeBox type of the argument; `duration`
 * and `size` are numbers that also accept units (`30s`, `500ms`, `2m`; `512k`, `1MiB`).
 * @example
 * const unit: ArgUnit = 'duration'; // `faq_ttl 2h;` resolves to 7200
 */
export type ArgUnit = 'duration' | 'size';

/**
 * One positional word of a directive.
 * @example
 * const ttl: ArgSpec = { name: 'ttl', schema: Type.Number({ minimum: 1 }), unit: 'duration' };
 */
export interface ArgSpec {
  /** The word's name in docs and errors, e.g. `input_price`. */
  readonly name: string;
  /** TypeBox schema of the parsed value (Type.String, Type.Number, Type.Integer, Type.Boolean, Type.Union of Literals for enums). */
  readonly schema: TSchema;
  /** Set for numbers written with units; durations resolve to seconds, sizes to bytes. */
  readonly unit?: ArgUnit;
  /**
   * Only on the last word: it takes one or more words and resolves to an array of them, e.g.
   * `allowed_topics billing support;`.
   */
  readonly variadic?: boolean;
}

/**
 * A directive: a statement `name arg1 arg2 ...;` in the config file.
 * @example
 * const faqTtl: DirectiveSpec = {
 *   summary: 'How long a FAQ answer is kept.',
 *   args: [{ name: 'ttl', schema: Type.Number({ minimum: 1 }), unit: 'duration' }],
 *   default: 3600,
 * };
 */
export interface DirectiveSpec {
  /** One line for the reference docs. */
  readonly summary: string;
  /** Positional words; a directive with one word resolves to that word's value, several to a tuple. */
  readonly args: readonly ArgSpec[];
  /** May appear more than once (e.g. `model_price`); resolves to an array of values. */
  readonly repeatable?: boolean;
  /** Masked by the printer and never logged. */
  readonly secret?: boolean;
  /** Value when the directive is absent (before any `check`). */
  readonly default?: unknown;
  /**
   * Names the words in order: the statement resolves to an object with these keys instead of a tuple,
   * e.g. `model_price gpt-4o 2.5 10;` to `{ model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 }`.
   */
  readonly fields?: readonly string[];
  /** For the reference page: the directive whose value is used when this one is not written. */
  readonly inherits?: string;
  /** Consistency check on the resolved value; returns a sentence naming the problem, or undefined. */
  readonly check?: (value: unknown) => string | undefined;
  /**
   * The statement may end with a `{ … }` block of directives of its own (`client_key billing-app sha256:… { tenant acme; }`):
   * the block resolves against `block.schema`'s directives into that options object (its defaults when there is no
   * block), placed in the record under `block.field`. Needs `fields`; the words fill the other fields in order.
   */
  readonly block?: DirectiveBlock;
}

/**
 * Where a block directive's `{ … }` goes: the record field that holds it, and the options schema (its properties
 * carrying `directive(...)` keywords) whose directives the block is written in.
 * @example
 * const block: DirectiveBlock = { field: 'settings', schema: KeySettingsSchema };
 */
export interface DirectiveBlock {
  readonly field: string;
  readonly schema: TSchema;
}

/**
 * The directives one package owns, by name; names are unique across every set a file is resolved with.
 * @example
 * const directives: DirectiveSet = { faq_ttl: faqTtl };
 */
export type DirectiveSet = Readonly<Record<string, DirectiveSpec>>;

/**
 * Identity helper that keeps the literal names of a directive set (and freezes it). A plugin's options
 * do not need it: their directives are derived from the options schema (`directive()`, `directivesOf`).
 * It is for directives written by hand, which set no option.
 * @example
 * export const faqCacheDirectives = defineDirectives({
 *   faq_ttl: {
 *     summary: 'How long an answer is kept.',
 *     args: [{ name: 'ttl', schema: Type.Number({ minimum: 1 }), unit: 'duration' }],
 *     default: 3600,
 *   },
 *   faq_redis_url: { summary: 'Where answers are kept.', args: [{ name: 'url', schema: Type.String() }], secret: true },
 * });
 */
export function defineDirectives<const T extends Record<string, DirectiveSpec>>(set: T): Readonly<T> {
  return Object.freeze(set);
}

/**
 * Read access to resolved directive values; `optionsFromConfig` builds a plugin's options from it.
 * @example
 * const redisUrl = values.get<string>('faq_redis_url'); // undefined when not written and without a default
 * const written = values.has('faq_ttl'); // false when only defaulted
 */
export interface DirectiveValues {
  /** The value of a directive, or its default; undefined when absent without a default. */
  get<T>(name: string): T | undefined;
  /** Whether the directive is written in the file (not only defaulted). */
  has(name: string): boolean;
}
