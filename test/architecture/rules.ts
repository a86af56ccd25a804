/**
 * Who may import whom, as checks over the packages and their imports, each returning one line per
 * problem that names the file and the import:
 * core ← packages ← plugins ← presets ← apps ← examples. A package imports its own layer or lower
 * ones, never a higher one; packages, presets, apps and examples may import one of their own layer as
 * long as no cycle forms; a plugin imports another plugin only when its package.json declares it.
 * Every workspace package imported is declared, and every one declared is imported and referenced by
 * the package's tsconfig.json. No file cycle
 * inside a package, no cycle between packages. Each package offers one entry, `.`, and is imported
 * only there. docs/architecture.md states the same rules.
 */
import { cyclesOf, type Cycle } from './cycles.js';
import { describeImport, packageNameOf, type ImportStatement, type PackageSources, type WorkspacePackage } from './workspace.js';

interface WorkspaceImport {
  readonly statement: ImportStatement;
  readonly target: WorkspacePackage;
}

/** The imports of a package that name another package of the workspace, with that package. */
function workspaceImports({ pkg, statements }: PackageSources, byName: ReadonlyMap<string, WorkspacePackage>): WorkspaceImport[] {
  return statements.flatMap((statement) => {
    if (statement.path !== undefined) return [];
    const target = byName.get(packageNameOf(statement.specifier));
    return target === undefined || target === pkg ? [] : [{ statement, target }];
  });
}

function packagesByName(workspace: readonly PackageSources[]): Map<string, WorkspacePackage> {
  return new Map(workspace.map(({ pkg }) => [pkg.name, pkg]));
}

/** The workspace packages a manifest declares as what it needs to run: dependencies, peer and optional. */
function declaredOf(pkg: WorkspacePackage, byName: ReadonlyMap<string, WorkspacePackage>): Set<string> {
  const { dependencies = {}, peerDependencies = {}, optionalDependencies = {} } = pkg.manifest;
  const names = [...Object.keys(dependencies), ...Object.keys(peerDependencies), ...Object.keys(optionalDependencies)];
  return new Set(names.filter((name) => byName.has(name) && name !== pkg.name));
}

/** (a) No import of a higher layer; another plugin only when declared. */
export function layerOrderProblems(workspace: readonly PackageSources[]): string[] {
  const byName = packagesByName(workspace);
  return workspace.flatMap((sources) => {
    const { pkg } = sources;
    const declared = declaredOf(pkg, byName);
    return workspaceImports(sources, byName).flatMap(({ statement, target }) => {
      if (target.rank > pkg.rank)
        return [`${describeImport(statement)}: ${pkg.layer} (${pkg.name}) may not import ${target.layer} (${target.name})`];
      if (pkg.layer === 'plugins' && target.layer === 'plugins' && !declared.has(target.name))
        return [`${describeImport(statement)}: a plugin imports another plugin only when its package.json declares it`];
      return [];
    });
  });
}

/** (b) The workspace packages imported are exactly those declared; no package imports itself by name. */
export function dependencyProblems(workspace: readonly PackageSources[]): string[] {
  const byName = packagesByName(workspace);
  return workspace.flatMap((sources) => {
    const { pkg, statements } = sources;
    const declared = declaredOf(pkg, byName);
    const imports = workspaceImports(sources, byName);
    const imported = new Set(imports.map(({ target }) => target.name));
    return [
      ...imports
        .filter(({ target }) => !declared.has(target.name))
        .map(({ statement, target }) => `${describeImport(statement)}: ${pkg.dir}/package.json does not declare ${target.name}`),
      ...[...declared]
        .filter((name) => !imported.has(name))
        .map((name) => `${pkg.dir}/package.json declares ${name}, which no file of ${pkg.dir}/src imports`),
      ...statements
        .filter((statement) => statement.path === undefined && packageNameOf(statement.specifier) === pkg.name)
        .map((statement) => `${describeImport(statement)}: a package imports its own files by relative path`),
    ];
  });
}

/**
 * (b) for the build: a package's tsconfig.json `references` are exactly the workspace packages it declares,
 * so `tsc -b` builds what it imports first and nothing it does not.
 */
export function referenceProblems(workspace: readonly PackageSources[]): string[] {
  const byName = packagesByName(workspace);
  const byDir = new Map(workspace.map(({ pkg }) => [pkg.dir, pkg]));
  return workspace.flatMap(({ pkg }) => {
    const declared = declaredOf(pkg, byName);
    const referenced = new Set(pkg.references.map((dir) => byDir.get(dir)?.name ?? dir));
    return [
      ...[...declared]
        .filter((name) => !referenced.has(name))
        .map((name) => `${pkg.dir}/tsconfig.json does not reference ${byName.get(name)!.dir}, which its package.json declares`),
      ...pkg.references
        .filter((dir) => !declared.has(byDir.get(dir)?.name ?? dir))
        .map((dir) => `${pkg.dir}/tsconfig.json references ${dir}, which its package.json does not declare`),
    ];
  });
}

/**
 * (c) No cycle between the files of a package, nor between packages; type-only imports count: a cycle
 * of types is still two files that can only be understood together.
 */
export function cycleProblems(workspace: readonly PackageSources[]): string[] {
  const byName = packagesByName(workspace);
  const files = new Map<string, Set<string>>();
  const packages = new Map<string, Set<string>>();
  /** The import that draws each edge, to name it in the message: `from\0to` → its first statement. */
  const edges = new Map<string, ImportStatement>();
  const addEdge = (graph: Map<string, Set<string>>, from: string, to: string, statement: ImportStatement) => {
    graph.get(from)!.add(to);
    if (!edges.has(`${from}\0${to}`)) edges.set(`${from}\0${to}`, statement);
  };
  for (const { pkg } of workspace) {
    packages.set(pkg.name, new Set());
    for (const file of pkg.files) files.set(file, new Set());
  }
  for (const sources of workspace) {
    for (const statement of sources.statements)
      if (statement.target !== undefined && files.has(statement.target))
        addEdge(files, statement.file, statement.target, statement);
    for (const { statement, target } of workspaceImports(sources, byName))
      addEdge(packages, sources.pkg.name, target.name, statement);
  }
  const describe = ({ loop, members }: Cycle) => {
    const steps = loop.slice(1).map((to, index) => describeImport(edges.get(`${loop[index]}\0${to}`)!));
    const rest = members.filter((member) => !loop.includes(member));
    const also = rest.length === 0 ? '' : `\n    (the same cycle also takes in ${rest.join(', ')})`;
    return `${loop.join(' → ')}\n    ${steps.join('\n    ')}${also}`;
  };
  return [...cyclesOf(files), ...cyclesOf(packages)].map(describe);
}

/** (d) package.json `exports` offers only `.`; no deep import of a workspace package, no path out of a package. */
export function entryProblems(workspace: readonly PackageSources[]): string[] {
  const byName = packagesByName(workspace);
  return workspace.flatMap(({ pkg, statements }) => {
    const { exports } = pkg.manifest;
    const subpaths =
      typeof exports === 'object' && exports !== null ? Object.keys(exports).filter((key) => key.startsWith('.')) : [];
    const manifestProblems =
      exports === undefined
        ? [`${pkg.dir}/package.json has no "exports": every file of the package could be imported`]
        : subpaths
            .filter((subpath) => subpath !== '.')
            .map((subpath) => `${pkg.dir}/package.json exports "${subpath}"; only "." is public`);
    const importProblems = statements.flatMap((statement): string[] => {
      if (statement.path !== undefined)
        return statement.path.startsWith(`${pkg.dir}/`)
          ? []
          : [`${describeImport(statement)}: reaches out of ${pkg.dir}; import the other package by its name`];
      const name = packageNameOf(statement.specifier);
      if (byName.has(name) && statement.specifier !== name)
        return [`${describeImport(statement)}: a deep import; import '${name}' and what its index exports`];
      if (!byName.has(name) && name.startsWith('@sluice/'))
        return [`${describeImport(statement)}: no workspace package is called ${name}`];
      return [];
    });
    return [...manifestProblems, ...importProblems];
  });
}
