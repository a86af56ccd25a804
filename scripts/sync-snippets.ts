/** Rewrites every marked code block in the docs from its source region (`npm run docs` runs it). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownFiles, regionOf, SNIPPET_LANGUAGES } from '../test/docs/snippet-regions.js';

const SNIPPET = /^<!--\s*snippet:\s*(\S+)\s*-->$/;

/** Returns the Markdown files it changed. */
export function syncSnippets(root: string): string[] {
  const changed: string[] = [];
  for (const file of markdownFiles(root)) {
    const before = readFileSync(join(root, file), 'utf8');
    const after = syncFile(before, root);
    if (after !== before) {
      writeFileSync(join(root, file), after);
      changed.push(file);
    }
  }
  return changed;
}

function syncFile(markdown: string, root: string): string {
  const lines = markdown.split('\n');
  for (let index = 1; index < lines.length; index += 1) {
    const fence = /^(\s*)```(\w*)\s*$/.exec(lines[index]!);
    const marker = SNIPPET.exec(lines[index - 1]!.trim());
    if (fence === null || marker === null || !SNIPPET_LANGUAGES.includes((fence[2] ?? '').toLowerCase())) continue;
    const end = lines.findIndex((line, at) => at > index && /^\s*```\s*$/.test(line));
    const [path = '', region] = marker[1]!.split('#');
    let source: string;
    try {
      source = readFileSync(join(root, path), 'utf8');
    } catch {
      continue;
    }
    const text = regionOf(source, region);
    if (end === -1 || text === undefined) continue;
    const indent = fence[1] ?? '';
    lines.splice(index + 1, end - index - 1, ...text.split('\n').map((line) => (line === '' ? '' : indent + line)));
  }
  return lines.join('\n');
}
