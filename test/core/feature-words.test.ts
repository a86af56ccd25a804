import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const CORE_SRC = fileURLToPath(new URL('../../core/src/', import.meta.url));

/**
 * Words of our product's features, and of the HTTP host: core reads as a pipeline that knows none of
 * them, comments included, so that a third-party plugin meets the same kernel ours do.
 */
const FEATURE_WORDS: readonly (readonly [string, RegExp])[] = [
  ['privacy', /privacy/i],
  ['semantic', /semantic/i],
  ['vector', /vector/i],
  ['embedding', /embedding/i],
  ['redis', /redis/i],
  ['qdrant', /qdrant/i],
  ['placeholder', /placeholder/i],
  ['micro-USD', /micro[-_ ]?usd/i],
  ['koa', /koa/i],
  ['node:http', /node:http/i],
  ['an import of a @sluice package', /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]@sluice\//],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Every `file:line: word` in the text of core's sources. */
function featureWordsIn(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        FEATURE_WORDS.filter(([, pattern]) => pattern.test(line)).map(
          ([word]) => `core/src/${relative(CORE_SRC, file)}:${index + 1}: ${word}`,
        ),
      ),
  );
}

describe('core: no feature word', () => {
  it('names no feature of ours, no HTTP server code and no @sluice package anywhere in core/src', () => {
    const files = sourceFiles(CORE_SRC);
    assert.ok(files.length > 10, `core/src holds ${files.length} files`);
    assert.deepEqual(featureWordsIn(files), []);
  });

  it('would catch each word, in code or in a comment', () => {
    const samples = [
      '/** The Privacy guard. */',
      'const SEMANTIC = 1;',
      '// a vector store',
      'embeddingTokens',
      "import { Redis } from 'ioredis';",
      'qdrant',
      'PLACEHOLDER_PATTERN',
      'overheadMicroUsd',
      "import Koa from 'koa';",
      "import { createServer } from 'node:http';",
      "import { HOST_ERRORS } from '@sluice/host';",
    ];
    for (const [sample, [word, pattern]] of samples.map((s, i) => [s, FEATURE_WORDS[i]!] as const)) {
      assert.ok(pattern.test(sample), `${word} in ${sample}`);
    }
    assert.ok(!FEATURE_WORDS.at(-1)![1].test("const owner = '@sluice/core';"), 'a package name in a string is no import');
  });
});
