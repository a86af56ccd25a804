/**
 * The workspace as its sources say it is: every package with its layer and manifest, and every import
 * its `src/**\/*.ts` files write (static, type-only, re-exports and `import()` with a literal name).
 * Read from the text with the TypeScript parser alone, so nothing has to be built first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The layers, lowest first, each with the workspace entry of the root package.json that holds it. A
 * package may import only packages of its own layer or below (see `layers.test.ts` for the same-layer rules).
 */
export const LAYERS = [
  { layer: 'core', workspace: 'core' },
  { layer: 'packages', workspace: 'packages/*' },
  { layer: 'plugins', workspace: 'plugins/*' },
  { layer: 'presets', workspace: 'presets/*' },
  { layer: 'apps', workspace: 'apps/*' },
  { layer: 'examples', workspace: 'examples/*' },
] as const;

export type Layer = (typeof LAYERS)[number]['layer'];

export interface Manifest {
  readonly name: string;
  readonly exports?: unknown;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

export interface WorkspacePackage {
  readonly name: string;
  /** Relative to the root, with forward slashes: `plugins/exact-cache`. */
  readonly dir: string;
  readonly layer: Layer;
  /** Position of the layer in LAYERS: 0 for core. */
  readonly rank: number;
  readonly manifest: Manifest;
  /** The folders its tsconfig.json `references` name, relative to the root: what `tsc -b` builds first. */
  readonly references: readonly string[];
  /** Relative to the root: `plugins/exact-cache/src/plugin.ts`. */
  readonly files: readonly string[];
}

export type ImportKind = 'import' | 'import type' | 'export from' | 'import()' | 'import type()';

export interface ImportStatement {
  /** Relative to the root. */
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
  readonly kind: ImportKind;
  /** For a relative specifier: the path it names, relative to the root, whether or not a file is there. */
  readonly path?: string;
  /** For a relative specifier: the source file it resolves to, when it names one. */
  readonly target?: string | undefined;
}

/** A package with every import of its sources. */
export interface PackageSources {
  readonly pkg: WorkspacePackage;
  readonly statements: readonly ImportStatement[];
}

/** `file:line imports 'specifier'`, the form every message of the layer test names an import in. */
export function describeImport({ file, line, specifier, kind }: ImportStatement): string {
  return `${file}:${line} ${kind === 'export from' ? 're-exports from' : kind} '${specifier}'`;
}

/** The root package.json's workspace entries. */
export function rootWorkspaces(): string[] {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
}

/** Every package of the workspace with the imports of its sources, in layer order. */
export function readWorkspace(): PackageSources[] {
  return workspacePackages().map((pkg) => ({ pkg, statements: pkg.files.flatMap(importsOf) }));
}

/** Every package of the workspace, in layer order. */
export function workspacePackages(): WorkspacePackage[] {
  return LAYERS.flatMap(({ layer, workspace }, rank) => {
    const dirs = workspace.endsWith('/*')
      ? readdirSync(join(ROOT, workspace.slice(0, -2)))
          .map((entry) => `${workspace.slice(0, -1)}${entry}`)
          .filter((dir) => existsSync(join(ROOT, dir, 'package.json')))
          .sort()
      : [workspace];
    return dirs.map((dir): WorkspacePackage => {
      const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;
      return {
        name: manifest.name,
        dir,
        layer,
        rank,
        manifest,
        references: referencesOf(dir),
        files: sourceFiles(join(dir, 'src')),
      };
    });
  });
}

function referencesOf(dir: string): string[] {
  const { config, error } = ts.readConfigFile(join(ROOT, dir, 'tsconfig.json'), ts.sys.readFile);
  if (error !== undefined) throw new Error(`${dir}/tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const references = (config as { references?: { path: string }[] }).references ?? [];
  return references.map(({ path }) =>
    relative(ROOT, resolve(ROOT, dir, path))
      .split(sep)
      .join('/'),
  );
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir))
    .sort()
    .flatMap((entry) => {
      const path = `${dir}/${entry}`;
      if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
      return entry.endsWith('.ts') ? [path] : [];
    });
}

/** Every import a source file writes, in source order. */
export function importsOf(file: string): ImportStatement[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ImportStatement[] = [];
  const add = (literal: ts.Node, kind: ImportKind) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    const specifier = literal.text;
    if (!isRelative(specifier)) found.push({ file, line, specifier, kind });
    else {
      const path = relative(ROOT, resolve(ROOT, dirname(file), specifier))
        .split(sep)
        .join('/');
      found.push({ file, line, specifier, kind, path, target: resolveRelative(file, specifier) });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly ? 'import type' : 'import');
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) add(node.moduleSpecifier, 'export from');
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, 'import');
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0])
      add(node.arguments[0], 'import()');
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, 'import type()');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

/**
 * The source file a relative specifier names, relative to the root, as TypeScript's NodeNext resolution
 * finds it (`./a.js` is `./a.ts`); undefined for what is not a source file (JSON, a missing file).
 */
export function resolveRelative(from: string, specifier: string): string | undefined {
  const target = resolve(ROOT, dirname(from), specifier);
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    target,
    `${target}.ts`,
    join(target, 'index.ts'),
  ];
  const found = candidates.find((path) => /\.m?ts$/.test(path) && existsSync(path) && statSync(path).isFile());
  return found === undefined ? undefined : relative(ROOT, found).split(sep).join('/');
}
