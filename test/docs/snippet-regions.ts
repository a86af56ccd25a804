/**
 * Reads fenced code blocks from Markdown and named regions from source files. A block names its
 * source on the line before its fence: `<!-- snippet: path#region -->` (or `path` for a whole
 * file); a region is the lines between `// #region name` and `// #endregion name` (`#` comments
 * in config, YAML and Dockerfiles), marker lines dropped and common indentation removed.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** README.md and every Markdown file under docs/ and examples/ (not in node_modules or dist), relative to `root`. */
export function markdownFiles(root: string): string[] {
  const files = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk('docs');
  walk('examples');
  return files;
}

/** Languages whose blocks are code or configuration; shell commands and JSON payloads are not checked. */
export const SNIPPET_LANGUAGES = ['ts', 'typescript', 'js', 'javascript', 'nginx', 'conf', 'yaml', 'yml', 'dockerfile'];

export interface CodeBlock {
  readonly language: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly snippet: string | undefined;
  readonly text: string;
}

const SNIPPET = /^<!--\s*snippet:\s*(\S+)\s*-->$/;
const MARKER = /^\s*(\/\/|#)\s*#(end)?region\b/;

export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const fence = /^(\s*)```(\w*)\s*$/.exec(lines[index]!);
    if (fence === null) continue;
    const end = lines.findIndex((line, at) => at > index && /^\s*```\s*$/.test(line));
    if (end === -1) break;
    const language = (fence[2] ?? '').toLowerCase();
    if (SNIPPET_LANGUAGES.includes(language)) {
      const snippet = SNIPPET.exec(lines[index - 1]?.trim() ?? '')?.[1];
      blocks.push({ language, line: index + 1, snippet, text: dedent(lines.slice(index + 1, end)) });
    }
    index = end;
  }
  return blocks;
}

/** The region's text, the whole file without its markers when `name` is undefined, or undefined when absent. */
export function regionOf(source: string, name: string | undefined): string | undefined {
  const lines = source.split('\n');
  if (name === undefined) return dedent(lines.filter((line) => !MARKER.test(line)));
  const start = lines.findIndex((line) => new RegExp(`^\\s*(//|#)\\s*#region ${escape(name)}\\s*$`).test(line));
  if (start === -1) return undefined;
  const end = lines.findIndex(
    (line, at) => at > start && new RegExp(`^\\s*(//|#)\\s*#endregion ${escape(name)}\\s*$`).test(line),
  );
  if (end === -1) return undefined;
  return dedent(lines.slice(start + 1, end).filter((line) => !MARKER.test(line)));
}

function dedent(lines: readonly string[]): string {
  const trimmed = [...lines];
  while (trimmed.length > 0 && trimmed.at(-1)!.trim() === '') trimmed.pop();
  const indents = trimmed.filter((line) => line.trim() !== '').map((line) => /^\s*/.exec(line)![0].length);
  const cut = indents.length === 0 ? 0 : Math.min(...indents);
  return trimmed.map((line) => line.slice(cut)).join('\n');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
