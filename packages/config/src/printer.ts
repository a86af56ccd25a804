/** Prints a resolved config back in the config language, every secret masked. */
import type { DirectiveSet, DirectiveSpec } from './directive.js';
import { maskUrl } from '@sluice/util';
import { mergeDirectiveSets } from './resolve.js';
import type { ResolvedConfig } from './resolved-config.js';

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
 * Secret directives print as a mask; any other word that holds a URL prints with its credentials masked.
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
    for (const value of occurrences) {
      const words = directiveWords(spec, value);
      const shown = words.map((word) =>
        spec.secret && !NOT_SECRET.has(String(word).toLowerCase()) ? quote(MASK) : quote(maskUrl(printable(word))),
      );
      lines.push(`${indent}${entry.name} ${shown.join(' ')};${entry.loc === undefined ? ' # default' : ''}`);
    }
  }
  return lines;
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
