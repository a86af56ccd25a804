/** Checks every statement against the directive sets and produces typed values. */
import { byPosition, ConfigError, ConfigErrors } from './config-error.js';
import type { DirectiveBlock, DirectiveSet, DirectiveSpec } from './directive.js';
import { optionsFromConfig } from './options-from-config.js';
import type { ConfigDocument, Statement } from './parser.js';
import { ResolvedConfig, type ResolvedEntry } from './resolved-config.js';
import { directivesOf } from './schema-directives.js';
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
  const found = new Map<string, Written>();

  for (const statement of doc.statements) {
    const spec = specs.get(statement.name);
    if (spec === undefined) {
      const hint = suggestName(statement.name, specs.keys());
      errors.push(
        new ConfigError(`unknown directive "${statement.name}"${hint ? `; did you mean "${hint}"?` : ''}`, statement.loc),
      );
      continue;
    }
    if (statement.block !== undefined && spec.block === undefined) {
      errors.push(new ConfigError(`directive "${statement.name}" does not take a { } block; end it with ;`, statement.loc));
      continue;
    }
    const read = readStatement(statement, spec, errors);
    if (read === undefined) continue;
    const previous = found.get(statement.name);
    if (previous !== undefined && !spec.repeatable) {
      errors.push(
        new ConfigError(`directive "${statement.name}" is already set on line ${previous.statement.loc.line}`, statement.loc),
      );
      continue;
    }
    found.set(statement.name, {
      value: spec.repeatable ? [...((previous?.value as unknown[] | undefined) ?? []), read.value] : read.value,
      statement: previous?.statement ?? statement,
      blocks: [...(previous?.blocks ?? []), read.block],
    });
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
    const blocks = spec.block === undefined ? {} : { blocks: written.blocks };
    entries.push({ name, value: written.value, loc: written.statement.loc, ...blocks });
  }
  if (errors.length > 0) throw new ConfigErrors(errors.sort(byPosition));
  return new ResolvedConfig(doc.file, entries);
}

/** A directive as written so far: its value (a list for a repeatable one), first statement, and each statement's block. */
interface Written {
  readonly value: unknown;
  readonly statement: Statement;
  readonly blocks: readonly (ResolvedConfig | undefined)[];
}

/** One statement's value and, for a block directive, its block's resolved directives. */
interface Read {
  readonly value: unknown;
  readonly block?: ResolvedConfig;
}

function readStatement(statement: Statement, spec: DirectiveSpec, errors: ConfigError[]): Read | undefined {
  const values = readWords(statement, spec, errors);
  // The block is read even when a word is wrong, so its problems are reported in the same pass.
  const block = spec.block === undefined ? undefined : readBlock(statement, spec, spec.block, errors);
  if (values === undefined || block === null) return undefined;
  if (spec.block !== undefined && block !== undefined)
    return { value: { ...record(spec, values), [spec.block.field]: block.options }, block: block.values };
  const variadic = spec.args.at(-1)?.variadic === true;
  if (variadic) {
    const fixed = values.slice(0, spec.args.length - 1);
    const rest = values.slice(spec.args.length - 1);
    return { value: fixed.length === 0 ? rest : [...fixed, rest] };
  }
  if (spec.fields !== undefined) return { value: record(spec, values) };
  return { value: values.length === 1 ? values[0] : values };
}

function record(spec: DirectiveSpec, values: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries((spec.fields ?? []).map((field, index) => [field, values[index]]));
}

function readWords(statement: Statement, spec: DirectiveSpec, errors: ConfigError[]): unknown[] | undefined {
  const variadic = spec.args.at(-1)?.variadic === true;
  const countOk = variadic ? statement.args.length >= spec.args.length : statement.args.length === spec.args.length;
  if (!countOk) {
    const words = spec.args.map((a) => `<${a.name}>${a.variadic ? '...' : ''}`).join(' ');
    const count = `${variadic ? 'at least ' : ''}${spec.args.length === 1 ? '1 word' : `${spec.args.length} words`}`;
    // A block directive may take no words at all (`default_tenant_limits { … }`).
    const takes = spec.args.length === 0 ? 'takes no words' : `takes ${count}: ${words}`;
    errors.push(new ConfigError(`${statement.name} ${takes} (found ${statement.args.length})`, statement.loc));
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
  return values;
}

/**
 * A block's statements resolved against the block schema's own directives, and the options they make
 * (defaults applied: no block reads as all defaults); null when the block has problems, each reported at
 * its own position and naming the block.
 */
function readBlock(
  statement: Statement,
  spec: DirectiveSpec,
  block: DirectiveBlock,
  errors: ConfigError[],
): { values: ResolvedConfig; options: unknown } | null {
  // Named by its first word (`in client_key billing-app`), unless the directive's words are secret.
  const name = spec.secret === true ? undefined : statement.args[0]?.value.slice(0, 64);
  const where = `in ${[statement.name, name].filter(Boolean).join(' ')}`;
  try {
    const values = resolveConfig({ file: statement.loc.file, statements: statement.block ?? [] }, [directivesOf(block.schema)]);
    return { values, options: optionsFromConfig(block.schema, values) };
  } catch (error) {
    const problems = error instanceof ConfigErrors ? error.errors : error instanceof ConfigError ? [error] : undefined;
    if (problems === undefined) throw error;
    for (const problem of problems) errors.push(new ConfigError(`${where}: ${problem.reason}`, problem.loc ?? statement.loc));
    return null;
  }
}
