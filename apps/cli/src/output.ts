/** Where a command writes: results on stdout, failures on stderr, progress on a stream of its own. */
import type { ProgressStream } from '@sluice/util';

export interface Output {
  out(line: string): void;
  err(line: string): void;
  /** Progress display; absent: progress lines go through `err` (never rewritten in place). */
  readonly progress?: ProgressStream;
}

export const consoleOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  progress: process.stderr,
};

/** The stream a `Progress` of this output writes to. */
export function progressStream(output: Output): ProgressStream {
  return output.progress ?? { write: (text: string) => output.err(text.replace(/\n$/, '')), isTTY: false };
}
