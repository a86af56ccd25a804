/** Renders docs/reference/config.md from the directive sets, so the reference cannot drift from the code. */
import { directiveTable } from '@sluice/config';
import { GATEWAY_DIRECTIVE_SECTIONS } from './config.js';
import type { DirectiveSection } from './gateway-options.js';

export function configReference(sections: readonly DirectiveSection[] = GATEWAY_DIRECTIVE_SECTIONS): string {
  const lines = [
    '# Configuration directives',
    '',
    'Generated from the options schemas of the gateway preset and its plugins (`npm run docs` rewrites this',
    'page; a test fails when it is stale). Syntax: [config-language.md](config-language.md). Durations take',
    '`ms`, `s`, `m`, `h` (plain numbers are seconds); sizes take `k`, `m`, `g` (binary; plain numbers are',
    'bytes). A default "as `x`" means the directive takes the value of `x` when it is not written.',
    '',
  ];
  for (const { title, set, inherits } of sections) {
    lines.push(`## ${title}`, '', ...directiveTable(set), '');
    // Settings its options take without a directive of their own: the dependency, said on the page too.
    if (inherits !== undefined)
      lines.push(`Also reads ${inherits.map((name) => `\`${name}\``).join(', ')}, declared in another section.`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
