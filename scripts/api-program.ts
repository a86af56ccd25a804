/**
 * The library packages (core and packages/*) and a TypeScript program over each one's own sources, from
 * which the API reference pages are written and the public-API test reads the exports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface LibraryPackage {
  /** `@sluice/config`. */
  readonly name: string;
  /** Relative to the root: `packages/config`. */
  readonly dir: string;
  /** The page's name under docs/reference/api: `config`. */
  readonly slug: string;
  /** The package.json description. */
  readonly description: string;
  /** Absolute path of `src/`, with a trailing separator. */
  readonly src: string;
  /** Absolute path of `src/index.ts`, the package's one public entry. */
  readonly entry: string;
}

/** Core first, then every folder of packages/ that has a `src/index.ts`, by name. */
export function libraryPackages(): LibraryPackage[] {
  const packageDirs = readdirSync(join(ROOT, 'packages'))
    .sort()
    .map((entry) => `packages/${entry}`);
  return ['core', ...packageDirs]
    .filter((dir) => existsSync(join(ROOT, dir, 'src/index.ts')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
        name: string;
        description?: string;
      };
      const src = `${join(ROOT, dir, 'src')}/`;
      return {
        name: manifest.name,
        dir,
        slug: dir.split('/').at(-1)!,
        description: manifest.description ?? '',
        src,
        entry: `${src}index.ts`,
      };
    });
}

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  lib: ['lib.es2023.d.ts'],
  types: [],
  noEmit: true,
};

/** The standard library's declaration files, parsed once for every package's program. */
const libFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * A program over one package's entry that reads only that package's own files. Its public surface is
 * declared there; resolving other packages too would parse hundreds of declaration files (typebox alone
 * about 500) that neither the page nor the API test looks at, so an import of a package stays unresolved.
 */
export function packageProgram(pkg: LibraryPackage): ts.Program {
  const host = ts.createCompilerHost(OPTIONS);
  const libDir = dirname(ts.getDefaultLibFilePath(OPTIONS));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.startsWith(libDir)) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    if (!libFiles.has(fileName)) libFiles.set(fileName, getSourceFile(fileName, languageVersion, onError, shouldCreate));
    return libFiles.get(fileName);
  };
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, file) =>
    literals.map((literal) =>
      literal.text.startsWith('.')
        ? ts.resolveModuleName(
            literal.text,
            containingFile,
            compilerOptions,
            host,
            undefined,
            redirected,
            ts.getModeForUsageLocation(file, literal, compilerOptions),
          )
        : { resolvedModule: undefined },
    );
  return ts.createProgram({ rootNames: [pkg.entry], options: OPTIONS, host });
}

/** An export of a package's entry: the symbol it names, resolved through re-exports. */
export interface PublicExport {
  readonly name: string;
  readonly symbol: ts.Symbol;
  /** Where it is declared in the package, or undefined for a re-export of another package's export. */
  readonly declaration: ts.Declaration | undefined;
  /** For a re-export of another package's export: that package, as the entry names it. */
  readonly reexportedFrom?: string | undefined;
}

/** The exports of a package's entry, in the order the entry lists them. */
export function exportsOf(program: ts.Program, pkg: LibraryPackage): PublicExport[] {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(pkg.entry)!)!;
  return checker.getExportsOfModule(module).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.[0];
    if (declaration !== undefined && declaration.getSourceFile().fileName.startsWith(pkg.src))
      return { name: exported.name, symbol, declaration };
    return { name: exported.name, symbol, declaration: undefined, reexportedFrom: reexportSource(exported) };
  });
}

function reexportSource(exported: ts.Symbol): string | undefined {
  const specifier = exported.declarations?.find(ts.isExportSpecifier);
  const from = specifier?.parent.parent.moduleSpecifier;
  return from !== undefined && ts.isStringLiteral(from) ? from.text : undefined;
}
