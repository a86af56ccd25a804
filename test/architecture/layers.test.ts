/** The workspace as it is keeps the layer rules of rules.ts; each failure names the file and the import. */
import assert from 'node:assert/strict';
import { cycleProblems, dependencyProblems, entryProblems, layerOrderProblems, referenceProblems } from './rules.js';
import { LAYERS, readWorkspace, rootWorkspaces, type PackageSources } from './workspace.js';

function assertNone(title: string, problems: readonly string[]): void {
  if (problems.length > 0) assert.fail(`${title}:\n  ${problems.join('\n  ')}`);
}

describe('architecture: the layers (core ← packages ← plugins ← presets ← apps ← examples)', () => {
  let workspace: PackageSources[];

  before(() => {
    workspace = readWorkspace();
  });

  it('gives every workspace folder of package.json a layer', () => {
    assert.deepEqual(
      rootWorkspaces(),
      LAYERS.map(({ workspace: folder }) => folder),
      'package.json workspaces and LAYERS in test/architecture/workspace.ts list the same folders, lowest layer first',
    );
    const empty = workspace.filter(({ pkg }) => pkg.files.length === 0).map(({ pkg }) => pkg.dir);
    assert.deepEqual(empty, [], 'every package keeps its sources under src/');
  });

  it('imports no package of a higher layer, and another plugin only when declared', () => {
    assertNone('imports against the layer order', layerOrderProblems(workspace));
  });

  it('declares every workspace package it imports, and imports every one it declares', () => {
    assertNone('dependencies out of step with the imports', dependencyProblems(workspace));
  });

  it('references in tsconfig.json exactly the workspace packages it declares', () => {
    assertNone('build references out of step with the dependencies', referenceProblems(workspace));
  });

  it('has no import cycle between files of a package, nor between packages', () => {
    assertNone('import cycles', cycleProblems(workspace));
  });

  it('offers one entry, ".", and is imported only there', () => {
    assertNone('entries other than "." and deep imports', entryProblems(workspace));
  });
});
