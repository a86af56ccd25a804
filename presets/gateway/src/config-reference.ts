/** Renders docs/reference/config.md from the directive sets, so the reference cannot drift from the code. */
import type { ArgSpec, DirectiveSet, DirectiveSpec } from '@sluice/config';
import { GATEWAY_DIRECTIVE_SECTIONS } from './config.js';

export function configReference(
  sections: readonly { readonly title: string; readonly set: DirectiveSet }[] = GATEWAY_DIRECTIVE_SECTIONS,
): string {
  const lines = [
    '# Configuration directives',
    '',
    'Generated from the directive sets of the gateway preset (`npm run docs` rewrites this page; a test',
    'fails when it is stale). Syntax: [config-language.md](config-language.md). Durations take `ms`, `s`, `m`,',
    '`h` (plain numbers are seconds); sizes take `k`, `m`, `g` (binary; plain numbers are bytes).',
    '',
  ];
  for (const { title, set } of sections) {
    lines.push(`## ${title}`, '');
    lines.push('| directive | words | default | meaning |', '|---|---|---|---|');
    for (const [name, spec] of Object.entries(set)) lines.push(row(name, spec));
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function row(name: string, spec: DirectiveSpec): string {
  const words = spec.args.map(word).join(' ');
  const flags = [spec.repeatable ? 'repeatable' : '', spec.secret ? 'secret (masked by --print-config)' : ''].filter(Boolean);
  const meaning = [spec.summary, ...flags.map((f) => `*${f}*`)].join(' ');
  return `| \`${name}\` | ${words} | ${defaultOf(spec)} | ${meaning.replaceAll('|', '\\|')} |`;
}

function word(arg: ArgSpec): string {
  const schema = arg.schema as {
    type?: string;
    anyOf?: { const?: unknown }[];
    minimum?: number;
    exclusiveMinimum?: number;
    maximum?: number;
  };
  let kind = arg.unit ?? schema.type ?? 'value';
  if (schema.anyOf !== undefined) kind = schema.anyOf.map((s) => String(s.const)).join(' \\| ');
  const range = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
    schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : '',
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : '',
  ].filter(Boolean);
  return `\`<${arg.name}>${arg.variadic ? '...' : ''}\` (${kind}${range.length > 0 ? `, ${range.join(', ')}` : ''})`;
}

function defaultOf(spec: DirectiveSpec): string {
  if (spec.default === undefined) return '—';
  const value = Array.isArray(spec.default) ? spec.default.join(' ') : String(spec.default);
  return `\`${value === 'true' ? 'on' : value === 'false' ? 'off' : value}\``;
}
