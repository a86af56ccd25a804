/** Builds a plugin's options from resolved directive values, defaults taken from the options schema alone. */
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { ConfigError } from './config-error.js';
import type { DirectiveValues } from './directive.js';
import { optionKeywords, optionSetKeywords } from './option-keywords.js';
import { propertiesOf, schemaOptions } from './schema-directives.js';

/**
 * Whether the config turns the plugin on: the value of the schema's `enabledBy` directive (its default
 * when not written); always true for a schema without one.
 * @example
 * if (enabledInConfig(ExactCacheOptionsSchema, config)) kernel.use(new ExactCachePlugin(optionsFromConfig(ExactCacheOptionsSchema, config)));
 */
export function enabledInConfig(schema: TSchema, config: DirectiveValues): boolean {
  const enabledBy = optionSetKeywords(schema).enabledBy;
  if (enabledBy === undefined) return true;
  return (config.get<boolean>(enabledBy.directive) ?? enabledBy.default) === true;
}

/**
 * The options the config sets, as the plugin's constructor takes them: each option from its directive,
 * else from the directive it inherits, else the schema's default. Throws a ConfigError naming the
 * directive when a required option is not written, when a value fails its option's `check` (values built by
 * hand are held to the rules resolution applies), or the schema's `check` when options disagree.
 * `config` is the whole resolved file (or a `plugin` block's values), so inherited directives are found
 * wherever they are declared.
 * @example
 * const options = optionsFromConfig(ExactCacheOptionsSchema, config); // { ttlSeconds: 86400, … }
 */
export function optionsFromConfig<S extends TSchema>(schema: S, config: DirectiveValues): Static<S> {
  // Values that did not come through resolution (built by hand) are held to the same checks.
  for (const option of schemaOptions(schema).options) {
    const check = optionKeywords(option.schema).check as ((value: unknown) => string | undefined) | undefined;
    // Defaults are the schema's own: only written values are checked, as resolution does.
    const problem =
      check === undefined || !config.has(option.directive) ? undefined : check(config.get(option.directive) as never);
    if (problem !== undefined) throw new ConfigError(`${option.directive}: ${problem}`);
  }
  const written = writtenOptions(schema, config);
  const options = Value.Default(schema, written) as Record<string, unknown>;
  const missing = missingDirective(schema, options);
  if (missing !== undefined) {
    const enabledBy = optionSetKeywords(schema).enabledBy;
    throw new ConfigError(
      enabledBy === undefined ? `${missing} is not set` : `${enabledBy.directive} is on but ${missing} is not set`,
    );
  }
  const problem = crossCheck(schema, options);
  if (problem !== undefined) throw new ConfigError(problem);
  return options as Static<S>;
}

/**
 * The problem the schema's cross-option `check` finds in the options the config sets, or undefined;
 * for a loader that reports it with the file's other errors.
 * @example
 * const problem = configOptionsProblem(SemanticCacheOptionsSchema, config);
 * if (problem !== undefined) throw new ConfigError(`${config.file}: ${problem}`);
 */
export function configOptionsProblem(schema: TSchema, config: DirectiveValues): string | undefined {
  return crossCheck(schema, Value.Default(schema, writtenOptions(schema, config)) as Record<string, unknown>);
}

function crossCheck(schema: TSchema, options: Record<string, unknown>): string | undefined {
  const check = optionSetKeywords(schema).check as ((options: unknown) => string | undefined) | undefined;
  return check?.(options);
}

/** The options the config writes (or inherits), nested as the schema nests them; nothing defaulted yet. */
function writtenOptions(schema: TSchema, config: DirectiveValues): Record<string, unknown> {
  const { options, inherited } = schemaOptions(schema);
  const result: Record<string, unknown> = {};
  for (const option of options) {
    const inheritsFrom = optionKeywords(option.schema).inherits;
    const value = config.get(option.directive) ?? (inheritsFrom === undefined ? undefined : config.get(inheritsFrom));
    if (value !== undefined) place(result, option.path, value);
  }
  for (const option of inherited) {
    const value = config.get(option.inherits);
    if (value !== undefined) place(result, option.path, value);
  }
  addRequiredObjects(schema, result);
  return result;
}

/**
 * Creates each required nested options object that nothing was written into, so its own defaults fill it (a
 * key's `limits` with none written is `{}`, not missing) and a required option inside is named by its directive.
 */
function addRequiredObjects(object: TSchema, value: Record<string, unknown>): void {
  const required = (object as { required?: readonly string[] }).required ?? [];
  for (const [key, property] of Object.entries(propertiesOf(object) ?? {})) {
    const keywords = optionKeywords(property);
    if (keywords.directive !== undefined || keywords.inherits !== undefined || propertiesOf(property) === undefined) continue;
    if (value[key] === undefined && required.includes(key)) value[key] = {};
    const inner = value[key];
    if (typeof inner === 'object' && inner !== null) addRequiredObjects(property, inner as Record<string, unknown>);
  }
}

function place(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[path.at(-1)!] = structuredClone(value);
}

/** The directive of the first required option left without a value, searched through nested objects. */
function missingDirective(schema: TSchema, options: Record<string, unknown>): string | undefined {
  const { options: settable } = schemaOptions(schema);
  const visit = (object: TSchema, value: Record<string, unknown>, path: readonly string[]): string | undefined => {
    const required = (object as { required?: readonly string[] }).required ?? [];
    for (const [key, property] of Object.entries(propertiesOf(object) ?? {})) {
      const at = [...path, key];
      const present = value[key];
      if (present === undefined) {
        if (!required.includes(key)) continue;
        const option = settable.find((o) => o.path.join('.') === at.join('.'));
        return option?.directive ?? at.join('.');
      }
      if (propertiesOf(property) !== undefined && typeof present === 'object' && present !== null) {
        const inner = visit(property, present as Record<string, unknown>, at);
        if (inner !== undefined) return inner;
      }
    }
    return undefined;
  };
  return visit(schema, options, []);
}
