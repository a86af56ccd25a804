/** Checks every statement against the directive sets and produces typed values. */
import { byPosition, ConfigError, ConfigErrors } from './config-error.js';
import type { DirectiveSet, DirectiveSpec } from './directive.js';
import type { ConfigDocument, Statement } from './parser.js';
import { ResolvedConfig, type ResolvedEntry } from './resolved-config.js';
import { suggestName } from './suggest.js';
import { readWord } from './words.js';

/**
 * Merges directive sets into one table by name; one name owned by two sets is a programming error, thrown
 * at once, so two packages cannot quietly read each other's directive.
 * @example
 * const specs = mergeDirectiveSets(GATEWAY_DIRECTIVE_SETS);
 * const listen = specs.get('listen_addr');
 */
export function mergeDirectiveSets(sets: readonly DirectiveSet[]): ReadonlyMap<string, DirectiveSpec> {
  const merged = new Map<string, DirectiveSpec>();
  for (const set of sets) {
    for (const [name, spec] of Object.entries(set)) {
      if (merged.has(name)) throw new Error(`directive "${name}" is declared by two directive sets`);
      merged.set(name, spec);
    }
  }
  return merged;
}

/**
 * Resolves a parsed document; throws ConfigErrors listing every problem.
 * @example
 * const config = resolveConfig(parseConfig(text, { file }), [directivesOf(GatewaySettingsSchema), directivesOf(OpenAIUpstreamOptionsSchema)]);
 * config.get<number>('request_timeout_seconds');
 */
export function resolveConfig(doc: ConfigDocument, sets: readonly DirectiveSet[]): ResolvedConfig {
  const specs = mergeDirectiveSets(sets);
  const errors: ConfigError[] = [];
  const found = new Map<string, { value: unknown; statement: Statement }>();

  for (const statement of doc.statements) {
    const spec = specs.get(statement.name);
    if (spec === undefined) {
      const hint = suggestName(statement.name, specs.keys());
      errors.push(
        new ConfigError(`unknown directive "${statement.name}"${hint ? `; did you mean "${hint}"?` : ''}`, statement.loc),
      );
      continue;
    }
    if (statement.block !== undefined) {
      errors.push(new ConfigError(`directive "${statement.name}" does not take a { } block; end it with ;`, statement.loc));
      continue;
    }
    const value = readStatement(statement, spec, errors);
    if (value === undefined) continue;
    const previous = found.get(statement.name);
    if (previous !== undefined && !spec.repeatable) {
      errors.push(
        new ConfigError(`directive "${statement.name}" is already set on line ${previous.statement.loc.line}`, statement.loc),
      );
      continue;
    }
    const values = spec.repeatable ? [...((previous?.value as unknown[] | undefined) ?? []), value] : value;
    found.set(statement.name, { value: values, statement: previous?.statement ?? statement });
  }

  const entries: ResolvedEntry[] = [];
  for (const [name, spec] of specs) {
    const written = found.get(name);
    if (written === undefined) {
      if (spec.default !== undefined) entries.push({ name, value: spec.default });
      continue;
    }
    const problem = spec.check?.(written.value);
    if (problem !== undefined) errors.push(new ConfigError(`${name}: ${problem}`, written.statement.loc));
    entries.push({ name, value: written.value, loc: written.statement.loc });
  }
  if (errors.length > 0) throw new ConfigErrors(errors.sort(byPosition));
  return new ResolvedConfig(doc.file, entries);
}

function readStatement(statement: Statement, spec: DirectiveSpec, errors: ConfigError[]): unknown {
  const variadic = spec.args.at(-1)?.variadic === true;
  const countOk = variadic ? statement.args.length >= spec.args.length : statement.args.length === spec.args.length;
  if (!countOk) {
    const words = spec.args.map((a) => `<${a.name}>${a.variadic ? '...' : ''}`).join(' ');
    const count = `${variadic ? 'at least ' : ''}${spec.args.length === 1 ? '1 word' : `${spec.args.length} words`}`;
    errors.push(new ConfigError(`${statement.name} takes ${count}: ${words} (found ${statement.args.length})`, statement.loc));
    return undefined;
  }
  const values: unknown[] = [];
  for (const [index, word] of statement.args.entries()) {
    const arg = spec.args[Math.min(index, spec.args.length - 1)]!;
    const result = readWord(word.value, arg);
    if (!result.ok) {
      errors.push(new ConfigError(`${statement.name}: ${result.problem}`, word.loc));
      return undefined;
    }
    values.push(result.value);
  }
  if (variadic) {
    const fixed = values.slice(0, spec.args.length - 1);
    const rest = values.slice(spec.args.length - 1);
    return fixed.length === 0 ? rest : [...fixed, rest];
  }
  if (spec.fields !== undefined) return Object.fromEntries(spec.fields.map((field, index) => [field, values[index]]));
  return values.length === 1 ? values[0] : values;
}
