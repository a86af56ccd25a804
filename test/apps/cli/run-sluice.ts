/** `sluice …` two ways: in this process with its output captured, or as the installed command in a child process. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runCli, type Output } from '@sluice/cli';
import { SLUICE_BIN } from './gateway-process.js';

const run = promisify(execFile);

export interface Ran {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs in this process; `out` and `err` are the lines printed, joined. */
export async function sluiceInProcess(...argv: string[]): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const output: Output = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await runCli(argv, output);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs `node apps/cli/bin/sluice.js …` and waits for it to exit (at most 20 s). */
export async function sluiceProcess(
  argv: readonly string[],
  env: Record<string, string> = {},
  cwd: string = process.cwd(),
): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SLUICE_BIN, ...argv], {
      env: { ...process.env, ...env },
      cwd,
      timeout: 20_000,
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}
