/**
 * The keywords a plugin's options schema carries so that the config language can read it: each
 * property says which directive sets it, in which unit, what it means, whether it is secret, which
 * setting of another owner it inherits, and what else must hold. TypeBox keeps unknown keywords on
 * the schema, so these sit beside `default` and `minimum`; the helpers below are the typed way to
 * write them, and the only place their names are spelled.
 */
import type { TSchema } from 'typebox';
import type { ArgUnit } from './directive.js';

/**
 * Keywords of one option (a property of the options schema) set by a directive.
 * @example
 * const ttlSeconds = Type.Number({ exclusiveMinimum: 0, default: 86400, ...directive('cache_ttl_seconds', { unit: 'duration', summary: 'How long an entry lives.' }) });
 */
export interface DirectiveKeywords {
  /** One line for the reference page. */
  readonly summary: string;
  /** Numbers written with units: durations resolve to seconds, sizes to bytes. */
  readonly unit?: ArgUnit;
  /** The word's name in the reference page and in errors (`<url>`); by default `flag`, `seconds`, `size`, `count` or `value`. */
  readonly word?: string;
  /** Masked by `--print-config` and never logged. */
  readonly secret?: boolean;
  /**
   * A directive owned elsewhere (gateway-wide or another plugin's) whose value this option takes when its
   * own directive is not written; the option's own `default` applies only when neither is.
   */
  readonly inherits?: string;
  /** An array of single words: one statement per item (`allow_model a; allow_model b;`) instead of one variadic statement. */
  readonly repeatable?: boolean;
  /** A check of the resolved value the schema cannot express; returns a sentence naming the problem. */
  readonly check?: (value: never) => string | undefined;
  /**
   * On a record (or a list of records): the field that holds the statement's optional `{ … }` block. That field's
   * schema is an options object with directives of its own; the statement's words fill the other fields in order.
   */
  readonly block?: string;
}

/**
 * The keywords as they sit on a property schema.
 * @example
 * const keywords: OptionKeywords = { directive: 'faq_ttl', unit: 'duration', summary: 'How long an answer is kept.' };
 */
export interface OptionKeywords extends Partial<DirectiveKeywords> {
  /** The directive that sets this option; absent: the option is set in code only (or only inherited). */
  readonly directive?: string;
}

/**
 * The directive that turns a plugin on in a config file (`exact_cache_enabled on;`). The plugin never
 * reads it: a preset does, to decide whether to use the plugin.
 * @example
 * const enabledBy: EnabledBy = { directive: 'faq_enabled', summary: 'Answer FAQs from the FAQ cache.', default: false };
 */
export interface EnabledBy {
  readonly directive: string;
  readonly summary: string;
  /** Whether the plugin is on when the file does not say. */
  readonly default: boolean;
}

/**
 * Keywords of a plugin's whole options object.
 * @example
 * Type.Object({ … }, { additionalProperties: false, ...optionSet({ enabledBy: { directive: 'faq_enabled', summary: 'Answer FAQs.', default: false } }) });
 */
export interface OptionSetKeywords {
  readonly enabledBy?: EnabledBy;
  /**
   * A check across options (defaults applied) that no single option's schema can see; returns a sentence
   * naming the problem (in directive words: it is reported against the config file).
   */
  readonly check?: (options: never) => string | undefined;
}

/**
 * The keywords of an option set by a directive, to spread into the TypeBox options of the property.
 * @example
 * const schema = Type.Object({
 *   ttlSeconds: Type.Number({ minimum: 1, default: 3600, ...directive('faq_ttl', { unit: 'duration', summary: 'How long an answer is kept.' }) }),
 *   redisUrl: Type.Optional(Type.String({ ...directive('faq_redis_url', { word: 'url', secret: true, summary: 'Where answers are kept.' }) })),
 * });
 * // A list of records written `client_key <id> <hash> { … }`, the block read by KeySettingsSchema's own directives:
 * const clientKeys = Type.Optional(Type.Array(
 *   Type.Object({ id: Type.String({ word: 'id' }), hash: Type.String({ word: 'sha256:<hex>' }), settings: KeySettingsSchema }),
 *   directive('client_key', { summary: 'A client key and its settings.', block: 'settings' }),
 * ));
 */
export function directive(name: string, keywords: DirectiveKeywords): OptionKeywords {
  if (keywords.summary.trim() === '') throw new Error(`directive "${name}" needs a summary`);
  return { directive: name, ...keywords };
}

/**
 * The keywords of an option with no directive of its own that takes a setting owned elsewhere, e.g. the
 * gateway-wide `guard_fail_open`: the dependency is written where the option is declared.
 * @example
 * const failOpen = Type.Boolean({ default: false, ...inherits('guard_fail_open') });
 */
export function inherits(name: string): OptionKeywords {
  return { inherits: name };
}

/**
 * The keywords of a plugin's whole options object, to spread into `Type.Object`'s options.
 * @example
 * const schema = Type.Object({ … }, { additionalProperties: false, ...optionSet({ check: (o: Options) => (o.min > o.max ? 'faq_min must not exceed faq_max' : undefined) }) });
 */
export function optionSet(keywords: OptionSetKeywords): OptionSetKeywords {
  return keywords;
}

/**
 * The option keywords a property schema carries.
 * @example
 * optionKeywords(ExactCacheOptionsSchema.properties.ttlSeconds).directive; // 'cache_ttl_seconds'
 */
export function optionKeywords(schema: TSchema): OptionKeywords {
  return schema as OptionKeywords;
}

/**
 * The keywords an options object schema carries.
 * @example
 * optionSetKeywords(ExactCacheOptionsSchema).enabledBy?.directive; // 'exact_cache_enabled'
 */
export function optionSetKeywords(schema: TSchema): OptionSetKeywords {
  return schema as OptionSetKeywords;
}
