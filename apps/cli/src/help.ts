/** One layout for every help text: usage, what the command does, its flags, notes, examples, and where the docs are. */

export interface CommandHelp {
  /** Usage lines, each starting with `sluice …`. */
  readonly usage: readonly string[];
  /** What the command does, in one sentence. */
  readonly summary: string;
  /** `[flag, one-line description]`, e.g. `['-c, --config FILE', 'the configuration file']`. */
  readonly flags: readonly (readonly [string, string])[];
  /** Lines after the flags: signals, environment variables, exit codes. */
  readonly notes?: readonly string[];
  readonly examples: readonly string[];
  /** Pages under docs/. */
  readonly docs: readonly string[];
}

/** Columns a summary is wrapped at. */
const WIDTH = 96;

/**
 * @example
 * output.out(renderHelp(GATEWAY_HELP));
 */
export function renderHelp(help: CommandHelp): string {
  const usage = help.usage.map((line, i) => `${i === 0 ? 'usage: ' : '       '}${line}`);
  const width = Math.max(...help.flags.map(([flag]) => flag.length));
  const flags = help.flags.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`);
  return [
    ...usage,
    '',
    ...wrap(help.summary, WIDTH),
    ...(flags.length === 0 ? [] : ['', 'flags:', ...flags]),
    ...(help.notes === undefined || help.notes.length === 0 ? [] : ['', ...help.notes]),
    '',
    'examples:',
    ...help.examples.map((line) => `  ${line}`),
    '',
    `docs: ${help.docs.join(', ')}`,
  ].join('\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}
