/**
 * Inherited settings for options composed in code: the same `inherits` keywords the config language
 * follows, applied to typed options, so a gateway built without a config file shares its gateway-wide
 * settings (and one plugin's setting another reads) exactly as a file would.
 */
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import type { DirectiveValues } from './directive.js';
import { optionKeywords, optionSetKeywords } from './option-keywords.js';
import { schemaOptions } from './schema-directives.js';

/**
 * Typed options seen as directive values: each option the schema gives a directive is read by that
 * directive's name, defaults applied, so another schema's `inherits` can find it.
 * @example
 * const gatewayWide = directiveValuesOf(GatewaySettingsSchema, { guardFailOpen: true });
 * gatewayWide.get('guard_fail_open'); // true
 */
export function directiveValuesOf(schema: TSchema, options: unknown): DirectiveValues {
  const given = new Map<string, unknown>();
  const defaulted = new Map<string, unknown>();
  const full = Value.Default(schema, Value.Clone(options ?? {}));
  const { options: settable } = schemaOptions(schema);
  for (const option of settable) {
    const value = at(options, option.path);
    if (value !== undefined) given.set(option.directive, value);
    const filled = at(full, option.path);
    if (filled !== undefined) defaulted.set(option.directive, filled);
  }
  return {
    get: <T>(name: string) => (given.get(name) ?? defaulted.get(name)) as T | undefined,
    has: (name: string) => given.has(name),
  };
}

/**
 * The same options with every inherited option that is not set taken from `from` (directive values of
 * the settings it inherits); options set in code win. Nothing else is filled: the plugin's constructor
 * applies the schema's defaults.
 * @example
 * const input = withInherited(SecurityGuardOptionsSchema, { url: 'local' }, gatewayWide); // failOpen from guard_fail_open
 */
export function withInherited<T>(schema: TSchema, options: T, from: DirectiveValues): T {
  // Copied along the paths it fills only: options may hold values that cannot be cloned (a callback, a client).
  const result = { ...((options ?? {}) as Record<string, unknown>) };
  const { options: settable, inherited } = schemaOptions(schema);
  const wanted = [
    ...settable.flatMap((o) => {
      const name = optionKeywords(o.schema).inherits;
      return name === undefined ? [] : [{ path: o.path, inherits: name }];
    }),
    ...inherited,
  ];
  for (const option of wanted) {
    if (at(result, option.path) !== undefined) continue;
    const value = from.get(option.inherits);
    if (value !== undefined) place(result, option.path, value);
  }
  return result as T;
}

/**
 * What the schema's checks find in options composed in code (defaults applied), first problem only, or
 * undefined: each option's own `check` (named by its directive, as the config file would report it), then
 * the cross-option `check`. So options written in code are held to the rules a config file is.
 * @example
 * optionsProblem(OpenAIUpstreamOptionsSchema, { baseUrl: 'https://api.openai.com/v1/chat/completions' });
 * // 'upstream_base_url: must be a provider root or a /v1 base, not an endpoint; did you mean "https://api.openai.com/v1"?'
 */
export function optionsProblem(schema: TSchema, options: unknown): string | undefined {
  const full = Value.Default(schema, Value.Clone(options ?? {}));
  for (const option of schemaOptions(schema).options) {
    const check = optionKeywords(option.schema).check as ((value: unknown) => string | undefined) | undefined;
    const value = at(full, option.path);
    // As in a config file, an option's own check reads what was set, never its default: options built
    // from a file carry the defaults of every directive it leaves out.
    const defaulted = value === undefined || Value.Equal(value, (option.schema as { default?: unknown }).default);
    const problem = check === undefined || defaulted ? undefined : check(value);
    if (problem !== undefined) return `${option.directive}: ${problem}`;
  }
  const check = optionSetKeywords(schema).check as ((options: unknown) => string | undefined) | undefined;
  return check?.(full);
}

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function place(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    const inner = { ...((current[key] ?? {}) as Record<string, unknown>) };
    current[key] = inner;
    current = inner;
  }
  current[path.at(-1)!] = structuredClone(value);
}
