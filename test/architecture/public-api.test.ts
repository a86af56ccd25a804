/**
 * Each library package's public API (core and packages/*): every export documented with an example, no
 * public signature that names a type the package does not export, and a reference page that is current.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { exportsOf, libraryPackages, packageProgram, ROOT, type PublicExport } from '../../scripts/api-program.js';
import { apiReference, apiReferencePath, withApiIndex } from '../../scripts/api-reference.js';

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

for (const pkg of libraryPackages()) {
  describe(`architecture: the public API of ${pkg.name}`, () => {
    let program: ts.Program;
    let checker: ts.TypeChecker;
    let publicExports: PublicExport[];

    before(function () {
      this.timeout(60_000);
      program = packageProgram(pkg);
      checker = program.getTypeChecker();
      publicExports = exportsOf(program, pkg);
    });

    it('documents every export with TSDoc and an @example', () => {
      const missing = publicExports
        .filter(({ symbol, declaration }) => {
          if (declaration === undefined) return false; // documented where it is declared
          const documented = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '';
          return !documented || !symbol.getJsDocTags(checker).some((tag) => tag.name === 'example');
        })
        .map(({ name }) => `${pkg.name} ${name}: no TSDoc or no @example`);
      assert.deepEqual(missing, []);
    });

    it('mentions no type of its own in a public signature that its entry does not export', () => {
      const publicSymbols = new Set(publicExports.map(({ symbol }) => symbol));
      const leaks = new Set<string>();
      for (const { name, symbol } of publicExports) {
        for (const declaration of symbol.declarations ?? []) {
          for (const used of referencedSymbols(checker, declaration)) {
            const file = used.declarations?.[0]?.getSourceFile().fileName ?? '';
            const typeParameter = used.flags & ts.SymbolFlags.TypeParameter;
            if (file.startsWith(pkg.src) && !typeParameter && !publicSymbols.has(used)) leaks.add(`${name} → ${used.name}`);
          }
        }
      }
      assert.deepEqual([...leaks], []);
    });

    it(`is what ${apiReferencePath(pkg)} shows (run \`npm run docs\` after changing its TSDoc)`, () => {
      const written = readFileSync(join(ROOT, apiReferencePath(pkg)), 'utf8');
      assert.equal(written, apiReference(pkg, program));
    });
  });
}

describe('architecture: the API reference index', () => {
  it('lists the page of every library package in docs/README.md (run `npm run docs` when a package comes or goes)', () => {
    const index = readFileSync(join(ROOT, 'docs/README.md'), 'utf8');
    assert.equal(index, withApiIndex(index));
  });
});
