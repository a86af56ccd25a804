/** Each layer rule fires on a small made-up workspace, and names the file and the import. */
import assert from 'node:assert/strict';
import { cycleProblems, dependencyProblems, entryProblems, layerOrderProblems, referenceProblems } from './rules.js';
import { LAYERS, type ImportStatement, type Layer, type Manifest, type PackageSources } from './workspace.js';

const ENTRY = { '.': { types: './dist/index.d.ts', import: './dist/index.js' } };

/**
 * One package; `imports` maps each file (under src/) to what it imports: `./x.js` or a package name;
 * `references` are the folders its tsconfig.json names.
 */
function sources(
  dir: string,
  manifest: Partial<Manifest> & { name: string },
  imports: Readonly<Record<string, readonly string[]>>,
  references: readonly string[] = [],
): PackageSources {
  const layer = dir === 'core' ? 'core' : (dir.split('/')[0] as Layer);
  const files = Object.keys(imports).map((file) => `${dir}/src/${file}`);
  const statements = Object.entries(imports).flatMap(([file, specifiers]) =>
    specifiers.map((specifier, index): ImportStatement => {
      const from = `${dir}/src/${file}`;
      if (!specifier.startsWith('.')) return { file: from, line: index + 1, specifier, kind: 'import' };
      const path = new URL(specifier, `file:///${from}`).pathname.slice(1);
      const target = path.replace(/\.js$/, '.ts');
      return {
        file: from,
        line: index + 1,
        specifier,
        kind: 'import',
        path,
        target: files.includes(target) ? target : undefined,
      };
    }),
  );
  return {
    pkg: {
      name: manifest.name,
      dir,
      layer,
      rank: LAYERS.findIndex((l) => l.layer === layer),
      manifest: { exports: ENTRY, ...manifest },
      references,
      files,
    },
    statements,
  };
}

const core = sources('core', { name: '@sluice/core' }, { 'index.ts': [] });

describe('architecture: the layer rules', () => {
  it('name an import of a higher layer, and an undeclared plugin', () => {
    const workspace = [
      core,
      sources(
        'packages/util',
        { name: '@sluice/util', dependencies: { '@sluice/plugin-a': '0' } },
        { 'index.ts': ['@sluice/plugin-a'] },
      ),
      sources('plugins/a', { name: '@sluice/plugin-a' }, { 'index.ts': ['@sluice/plugin-b'] }),
      sources('plugins/b', { name: '@sluice/plugin-b' }, { 'index.ts': [] }),
      sources(
        'plugins/c',
        { name: '@sluice/plugin-c', dependencies: { '@sluice/plugin-b': '0' } },
        { 'index.ts': ['@sluice/plugin-b'] },
      ),
    ];
    assert.deepEqual(layerOrderProblems(workspace), [
      "packages/util/src/index.ts:1 import '@sluice/plugin-a': packages (@sluice/util) may not import plugins (@sluice/plugin-a)",
      "plugins/a/src/index.ts:1 import '@sluice/plugin-b': a plugin imports another plugin only when its package.json declares it",
    ]);
  });

  it('name an undeclared import, an unused declaration and an import of the package itself', () => {
    const workspace = [
      core,
      sources(
        'plugins/a',
        {
          name: '@sluice/plugin-a',
          dependencies: { '@sluice/util': '0', typebox: '1' },
          devDependencies: { '@sluice/host': '0' },
        },
        { 'index.ts': ['@sluice/core', 'typebox', '@sluice/plugin-a'] },
      ),
      sources('packages/util', { name: '@sluice/util' }, { 'index.ts': [] }),
      sources('packages/host', { name: '@sluice/host' }, { 'index.ts': [] }),
    ];
    assert.deepEqual(dependencyProblems(workspace), [
      "plugins/a/src/index.ts:1 import '@sluice/core': plugins/a/package.json does not declare @sluice/core",
      'plugins/a/package.json declares @sluice/util, which no file of plugins/a/src imports',
      "plugins/a/src/index.ts:3 import '@sluice/plugin-a': a package imports its own files by relative path",
    ]);
  });

  it('name a declared package the build does not reference, and a reference not declared', () => {
    const workspace = [
      core,
      sources('packages/util', { name: '@sluice/util' }, { 'index.ts': [] }),
      sources(
        'plugins/a',
        { name: '@sluice/plugin-a', dependencies: { '@sluice/core': '0' } },
        { 'index.ts': ['@sluice/core'] },
        ['packages/util'],
      ),
    ];
    assert.deepEqual(referenceProblems(workspace), [
      'plugins/a/tsconfig.json does not reference core, which its package.json declares',
      'plugins/a/tsconfig.json references packages/util, which its package.json does not declare',
    ]);
  });

  it('name a cycle between files and one between packages, with the imports that close them', () => {
    const workspace = [
      sources(
        'core',
        { name: '@sluice/core' },
        { 'a.ts': ['./b.js'], 'b.ts': ['./c.js'], 'c.ts': ['./a.js'], 'd.ts': ['./a.js'] },
      ),
      sources('packages/x', { name: '@sluice/x' }, { 'index.ts': ['@sluice/y'] }),
      sources('packages/y', { name: '@sluice/y' }, { 'index.ts': ['@sluice/x'] }),
    ];
    assert.deepEqual(cycleProblems(workspace), [
      "core/src/a.ts → core/src/b.ts → core/src/c.ts → core/src/a.ts\n    core/src/a.ts:1 import './b.js'\n    core/src/b.ts:1 import './c.js'\n    core/src/c.ts:1 import './a.js'",
      "@sluice/x → @sluice/y → @sluice/x\n    packages/x/src/index.ts:1 import '@sluice/y'\n    packages/y/src/index.ts:1 import '@sluice/x'",
    ]);
  });

  it('name an entry other than ".", a deep import and a path out of the package', () => {
    const workspace = [
      core,
      sources(
        'packages/util',
        { name: '@sluice/util', exports: { '.': './dist/index.js', './internal': './dist/internal.js' } },
        {
          'index.ts': ['@sluice/core/dist/kernel.js', '../../../core/src/kernel.js', '@sluice/gone', './own.js'],
          'own.ts': [],
        },
      ),
    ];
    assert.deepEqual(entryProblems(workspace), [
      'packages/util/package.json exports "./internal"; only "." is public',
      "packages/util/src/index.ts:1 import '@sluice/core/dist/kernel.js': a deep import; import '@sluice/core' and what its index exports",
      "packages/util/src/index.ts:2 import '../../../core/src/kernel.js': reaches out of packages/util; import the other package by its name",
      "packages/util/src/index.ts:3 import '@sluice/gone': no workspace package is called @sluice/gone",
    ]);
  });
});
