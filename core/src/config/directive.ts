/** How a plugin declares the configuration directives it owns. */
import type { TSchema } from 'typebox';

/**
 * Marks how a word of the config file is read before its schema checks it. Strings, numbers,
 * integers and booleans (`on/off/true/false`) follow the TypeBox type of the argument; `duration`
 * and `size` are numbers that also accept units (`30s`, `500ms`, `2m`; `512k`, `1MiB`).
 */
export type ArgUnit = 'duration' | 'size';

/** One positional word of a directive. */
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

/** A directive: a statement `name arg1 arg2 ...;` in the config file. */
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
  /** Consistency check on the resolved value; returns a sentence naming the problem, or undefined. */
  readonly check?: (value: unknown) => string | undefined;
}

/** The directives one package owns, by name. */
export type DirectiveSet = Readonly<Record<string, DirectiveSpec>>;

/** Identity helper that keeps the literal names of a directive set. */
export function defineDirectives<const T extends Record<string, DirectiveSpec>>(set: T): Readonly<T> {
  return Object.freeze(set);
}

/** Read access to resolved directive values; plugins build their options from it. */
export interface DirectiveValues {
  /** The value of a directive, or its default; undefined when absent without a default. */
  get<T>(name: string): T | undefined;
  /** Whether the directive is written in the file (not only defaulted). */
  has(name: string): boolean;
}
