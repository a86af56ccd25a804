/** Renders a directive set as rows of the configuration reference page, so the page cannot drift from the schemas. */
import type { ArgSpec, DirectiveSet, DirectiveSpec } from './directive.js';
import { directivesOf } from './schema-directives.js';

/**
 * The Markdown table of a directive set: each directive's words, default and meaning, secret ones marked. A block
 * directive's row ends its words with `{ … }`, and its block's own directives follow in a table of their own,
 * headed "Inside `client_key { }`:".
 * @example
 * const page = ['## Exact cache', '', ...directiveTable(directivesOf(ExactCacheOptionsSchema))].join('\n');
 */
export function directiveTable(set: DirectiveSet): string[] {
  return table(set, []);
}

function table(set: DirectiveSet, within: readonly string[]): string[] {
  const lines = ['| directive | words | default | meaning |', '|---|---|---|---|'];
  for (const [name, spec] of Object.entries(set)) lines.push(row(name, spec));
  for (const [name, spec] of Object.entries(set)) {
    if (spec.block === undefined) continue;
    const path = [...within, name];
    const where = `${path.join(' { ')} { }${' }'.repeat(within.length)}`;
    lines.push('', `Inside \`${where}\`:`, '', ...table(directivesOf(spec.block.schema), path));
  }
  return lines;
}

function row(name: string, spec: DirectiveSpec): string {
  const words = [...spec.args.map(word), ...(spec.block === undefined ? [] : ['`{ … }`'])].join(' ');
  const flags = [
    spec.repeatable ? 'repeatable' : '',
    spec.block === undefined ? '' : 'block optional: its directives are listed below',
    spec.secret ? 'secret (masked by --print-config)' : '',
  ].filter(Boolean);
  const meaning = [spec.summary, ...flags.map((f) => `*${f}*`)].join(' ');
  return `| \`${name}\` | ${words} | ${defaultOf(spec)} | ${meaning.replaceAll('|', '\\|')} |`;
}

function word(arg: ArgSpec): string {
  const schema = arg.schema as {
    type?: string;
    anyOf?: { const?: unknown; type?: string }[];
    minimum?: number;
    exclusiveMinimum?: number;
    maximum?: number;
  };
  let kind = arg.unit ?? schema.type ?? 'value';
  if (schema.anyOf !== undefined)
    kind = schema.anyOf.map((s) => (s.const === undefined ? (s.type ?? 'value') : String(s.const))).join(' \\| ');
  const range = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
    schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : '',
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : '',
  ].filter(Boolean);
  // A `|` in a word's name (`<day|month>`) would end the table cell.
  return `\`<${arg.name.replaceAll('|', '\\|')}>${arg.variadic ? '...' : ''}\` (${kind}${range.length > 0 ? `, ${range.join(', ')}` : ''})`;
}

function defaultOf(spec: DirectiveSpec): string {
  if (spec.inherits !== undefined) return `as \`${spec.inherits}\``;
  if (spec.default === undefined) return '—';
  const value = Array.isArray(spec.default) ? spec.default.join(' ') : String(spec.default);
  if (value === '') return '`""` (none)';
  return `\`${value === 'true' ? 'on' : value === 'false' ? 'off' : value}\``;
}
