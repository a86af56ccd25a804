import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { markdownFiles } from './snippet-regions.js';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('docs: links', () => {
  it('every relative link in README.md, docs/ and examples/ points at a file that exists', () => {
    const broken: string[] = [];
    for (const file of markdownFiles(ROOT)) {
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!.split('#')[0]!;
        if (target === '' || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(ROOT, dirname(file), target))) broken.push(`${file}: ${match[1]}`);
      }
    }
    assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`);
  });

  it('lists every page of docs/ in docs/README.md', () => {
    const index = readFileSync(join(ROOT, 'docs/README.md'), 'utf8');
    const unlisted = markdownFiles(ROOT)
      .filter((file) => file.startsWith('docs/'))
      .map((file) => relative(join(ROOT, 'docs'), join(ROOT, file)))
      .filter((page) => page !== 'README.md' && !index.includes(`(${page})`));
    assert.deepEqual(unlisted, []);
  });
});
