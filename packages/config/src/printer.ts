/** Prints a resolved config back in the config language, every secret masked. */
import Value from 'typebox/value';
import { maskUrl } from '@sluice/util';
import type { Location } from './config-error.js';
import type { DirectiveBlock, DirectiveSet, DirectiveSpec } from './directive.js';
import { mergeDirectiveSets } from './resolve.js';
import { ResolvedConfig, type ResolvedEntry } from './resolved-config.js';
import { directivesOf, schemaOptions } from './schema-directives.js';

/**
 * What a secret directive's value prints as in `printConfig`, so a printed config can be shared in an
 * issue or a log without its keys.
 * @example
 * printConfig(config, GATEWAY_DIRECTIVE_SETS).includes(`upstream_api_key ${MASK};`); // true when a key is set
 */
export const MASK = '********';

/** Values that disable a credential rather than hold one; printed as they are. */
const NOT_SECRET = new Set(['', 'dummy', 'none', 'null', '-']);

/**
 * Secret directives print as a mask; any other word that holds a URL prints with its credentials masked. A block
 * directive prints its `{ … }` block by the block's own directives, masked the same way.
 * @example
 * process.stdout.write(printConfig(config, GATEWAY_DIRECTIVE_SETS));
 */
export function printConfig(config: ResolvedConfig, sets: readonly DirectiveSet[]): string {
  const lines = [`# resolved from ${config.file}; "# default" marks values not written in the file`];
  lines.push(...directiveLines(config, sets, ''));
  for (const block of config.plugins) {
    lines.push(`plugin ${quote(block.packageName)} {`, ...directiveLines(block.values, [block.module.directives], '    '), '}');
  }
  return `${lines.join('\n')}\n`;
}

function directiveLines(config: ResolvedConfig, sets: readonly DirectiveSet[], indent: string): string[] {
  const specs = mergeDirectiveSets(sets);
  const lines: string[] = [];
  for (const entry of config.entries()) {
    const spec = specs.get(entry.name);
    if (spec === undefined) continue;
    const occurrences = spec.repeatable ? (entry.value as unknown[]) : [entry.value];
    const defaulted = entry.loc === undefined ? ' # default' : '';
    for (const [index, value] of occurrences.entries()) {
      const words = directiveWords(spec, value);
      const shown = words.map((word) =>
        spec.secret && !NOT_SECRET.has(String(word).toLowerCase()) ? quote(MASK) : quote(maskUrl(printable(word))),
      );
      const head = `${indent}${[entry.name, ...shown].join(' ')}`;
      const inner =
        spec.block === undefined ? [] : blockLines(spec.block, value, entry.blocks?.[index], entry.loc, `${indent}    `);
      if (inner.length === 0) lines.push(`${head};${defaulted}`);
      else lines.push(`${head} {${defaulted}`, ...inner, `${indent}}`);
    }
  }
  return lines;
}

/**
 * The lines inside one block, printed by the block schema's own directives (secrets masked the same way). The
 * block as resolved tells written from defaulted; for values built by hand, what differs from its default counts
 * as written.
 */
function blockLines(
  block: DirectiveBlock,
  value: unknown,
  resolved: ResolvedConfig | undefined,
  loc: Location | undefined,
  indent: string,
): string[] {
  const set = directivesOf(block.schema);
  return directiveLines(resolved ?? fromOptions(block, value, loc), [set], indent);
}

function fromOptions(block: DirectiveBlock, value: unknown, loc: Location | undefined): ResolvedConfig {
  const options = (value as Record<string, unknown> | undefined)?.[block.field];
  const entries: ResolvedEntry[] = [];
  for (const option of schemaOptions(block.schema).options) {
    const found = option.path.reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      options,
    );
    // An empty list is no statement at all, as resolution reads an absent repeatable directive.
    if (found === undefined || (Array.isArray(found) && found.length === 0)) continue;
    const isDefault = Value.Equal(found, (option.schema as { default?: unknown }).default);
    entries.push({ name: option.directive, value: found, ...(isDefault || loc === undefined ? {} : { loc }) });
  }
  return new ResolvedConfig(loc?.file ?? '', entries);
}

/** The words of one occurrence, a variadic last argument spread out. */
function directiveWords(spec: DirectiveSpec, value: unknown): unknown[] {
  if (spec.fields !== undefined) return spec.fields.map((field) => (value as Record<string, unknown>)[field]);
  const variadic = spec.args.at(-1)?.variadic === true;
  if (variadic && spec.args.length === 1) return value as unknown[];
  const words = spec.args.length === 1 ? [value] : [...(value as unknown[])];
  if (variadic) words.push(...(words.pop() as unknown[]));
  return words;
}

function printable(value: unknown): string {
  if (value === true) return 'on';
  if (value === false) return 'off';
  return String(value);
}

function quote(word: string): string {
  if (word !== '' && /^[^\s;{}#"'\\$]+$/.test(word)) return word;
  return `"${word
    .replace(/[\\"$]/g, (c) => `\\${c}`)
    .replaceAll('\n', '\\n')
    .replaceAll('\t', '\\t')}"`;
}
