/**
 * Every regular expression written in product source (core/src, plugins/*\/src, presets/*\/src), found
 * with the TypeScript compiler: regex literals, and `new RegExp(…)` / `RegExp(…)` calls whose source is
 * a string (or a template without substitutions). A call built from a variable is a dynamic site:
 * its patterns come from a rule table or a policy file and are judged there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface SourcePattern {
  /** `path:line` relative to the repository root. */
  readonly where: string;
  readonly source: string;
  readonly flags: string;
}

export interface SourcePatterns {
  readonly patterns: readonly SourcePattern[];
  /** `path:line` of every RegExp built from something other than a literal. */
  readonly dynamicSites: readonly string[];
}

const ROOTS = ['core/src', 'plugins', 'presets'];

function productFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, inSrc: boolean): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, inSrc || name === 'src');
      else if (inSrc && name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const top of ROOTS) walk(join(root, top), top === 'core/src');
  return files.sort();
}

/**
 * @example
 * const { patterns, dynamicSites } = sourcePatterns('/work/main');
 */
export function sourcePatterns(root: string): SourcePatterns {
  const patterns: SourcePattern[] = [];
  const dynamicSites: string[] = [];
  for (const file of productFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node): string =>
      `${relative(root, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sourceFile);
        const end = literal.lastIndexOf('/');
        patterns.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText(sourceFile) === 'RegExp') {
        const [first, second] = node.arguments ?? [];
        const source = first === undefined ? undefined : literalText(first);
        const flags = second === undefined ? '' : literalText(second);
        if (source === undefined || flags === undefined) dynamicSites.push(where(node));
        else patterns.push({ where: where(node), source, flags });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { patterns, dynamicSites };
}

/** The text of a string literal, a plain template or a `String.raw` template without substitutions. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTaggedTemplateExpression(node) && ts.isNoSubstitutionTemplateLiteral(node.template)) {
    return node.tag.getText() === 'String.raw' ? (node.template.rawText ?? node.template.text) : undefined;
  }
  return undefined;
}
