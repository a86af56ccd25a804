import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { parseConfig } from '@sluice/config';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeBlocks, markdownFiles, regionOf, SNIPPET_LANGUAGES, type CodeBlock } from './snippet-regions.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Files the tests compile (tsc -b, tsc -p test) or load (config and deploy files have their own tests). */
const COMPILED_OR_RUN = [
  /^core\/src\/.+\.ts$/,
  /^plugins\/[^/]+\/src\/.+\.ts$/,
  /^presets\/[^/]+\/src\/.+\.ts$/,
  /^examples\/[^/]+\/(src|test)\/.+\.ts$/,
  /^examples\/[^/]+\/[^/]+\.conf$/,
  /^test\/.+\.ts$/,
  /^test\/docs\/snippet-sources\/.+\.conf$/,
  /^config\/[^/]+\.conf$/,
  /^deploy\/.+$/,
  /^docs\/operations\/.+\.(yml|yaml|json)$/,
];

function problemOf(block: CodeBlock): string | undefined {
  if (block.snippet === undefined) return `a ${block.language} block without a <!-- snippet: path#region --> line before it`;
  const [path = '', region] = block.snippet.split('#');
  if (!COMPILED_OR_RUN.some((pattern) => pattern.test(path))) return `${path} is not a file the tests compile or run`;
  if (!existsSync(join(ROOT, path))) return `${path} does not exist`;
  const expected = regionOf(readFileSync(join(ROOT, path), 'utf8'), region);
  if (expected === undefined) return `${path} has no region "${region}"`;
  if (expected !== block.text)
    return `the block differs from ${block.snippet}:\n--- docs\n${block.text}\n--- source\n${expected}`;
  return undefined;
}

describe('docs: every code snippet is taken from a file the tests compile or run', () => {
  const files = markdownFiles(ROOT);

  it(`checks ${SNIPPET_LANGUAGES.join(', ')} blocks in README.md, docs/ and examples/`, () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const block of codeBlocks(readFileSync(join(ROOT, file), 'utf8'))) {
        checked += 1;
        const problem = problemOf(block);
        if (problem !== undefined) problems.push(`${relative(ROOT, join(ROOT, file))}:${block.line}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(checked >= 10, `only ${checked} code blocks found; the scan is broken`);
  });

  it('compiles the snippet sources that no package build covers, and parses their config files', async function () {
    this.timeout(120_000);
    const sources = join(ROOT, 'test/docs/snippet-sources');
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', sources, '--noEmit'], { cwd: ROOT }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
    );
    assert.equal(result.stdout.trim(), '');
    for (const file of readdirSync(sources).filter((name) => name.endsWith('.conf'))) {
      const doc = parseConfig(readFileSync(join(sources, file), 'utf8'), { file, env: {} });
      assert.ok(doc.statements.length > 0, file);
    }
  });

  it('finds a block that drifted from its source', () => {
    const source = 'a\n  // #region one\n  const x = 1;\n  // #endregion one\n';
    assert.equal(regionOf(source, 'one'), 'const x = 1;');
    assert.equal(regionOf(source, 'two'), undefined);
    const [block] = codeBlocks('<!-- snippet: core/src/x.ts#one -->\n```ts\nconst x = 2;\n```\n');
    assert.equal(block?.snippet, 'core/src/x.ts#one');
    assert.notEqual(block?.text, regionOf(source, 'one'));
    assert.equal(codeBlocks('```ts\nlet y;\n```\n')[0]?.snippet, undefined);
  });
});
