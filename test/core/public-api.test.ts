import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { coreApiReference, coreProgram, exportsOf, PUBLIC_ENTRY } from '../../scripts/core-api.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CORE = join(ROOT, 'core');

/** Type names a public declaration's signature mentions, skipping bodies and private members. */
function referencedSymbols(checker: ts.TypeChecker, declaration: ts.Node): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) || ts.isPrivateIdentifier(node)) return;
    if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) return;
    if ((ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node)) && ts.isPrivateIdentifier(node.name)) return;
    if (ts.isVariableDeclaration(node) && node.initializer !== undefined && node.type === undefined) return;
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
      const name = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
      let symbol = checker.getSymbolAtLocation(name);
      if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol !== undefined) found.push(symbol);
    }
    ts.forEachChild(node, visit);
  };
  visit(declaration);
  return found;
}

describe('core: the public API', () => {
  let program: ts.Program;
  let checker: ts.TypeChecker;
  let publicExports: Map<string, ts.Symbol>;

  before(function () {
    this.timeout(60_000);
    program = coreProgram();
    checker = program.getTypeChecker();
    publicExports = exportsOf(program, PUBLIC_ENTRY);
  });

  it('documents every export of @sluice/core with TSDoc and an @example', () => {
    const missing = [...publicExports]
      .filter(([, symbol]) => {
        const documented = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '';
        return !documented || !symbol.getJsDocTags(checker).some((tag) => tag.name === 'example');
      })
      .map(([name]) => name);
    assert.deepEqual(missing, [], `exports without TSDoc and an @example: ${missing.join(', ')}`);
  });

  it('mentions no type in a public signature that the entry does not export', () => {
    const publicSymbols = new Set(publicExports.values());
    const leaks = new Set<string>();
    for (const [name, symbol] of publicExports) {
      for (const declaration of symbol.declarations ?? []) {
        for (const used of referencedSymbols(checker, declaration)) {
          const file = used.declarations?.[0]?.getSourceFile().fileName ?? '';
          const inCore = file.startsWith(join(CORE, 'src'));
          const typeParameter = used.flags & ts.SymbolFlags.TypeParameter;
          if (inCore && !typeParameter && !publicSymbols.has(used)) leaks.add(`${name} → ${used.name}`);
        }
      }
    }
    assert.deepEqual([...leaks], []);
  });

  it('is what docs/reference/core-api.md shows (run `npm run docs` after changing its TSDoc)', () => {
    const written = readFileSync(join(ROOT, 'docs/reference/core-api.md'), 'utf8');
    assert.equal(written, coreApiReference(program));
  });

  it('offers exactly one entry, and no deep imports', () => {
    const manifest = JSON.parse(readFileSync(join(CORE, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    assert.deepEqual(Object.keys(manifest.exports), ['.']);
  });
});
