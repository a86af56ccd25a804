/** Dispatches `sluice <command>` and turns failures into one line on stderr and an exit code. */
import { cliVersion } from './cli-version.js';
import { CommandError, EXIT, UsageError } from './command-error.js';
import { COMMANDS } from './commands.js';
import { consoleOutput, type Output } from './output.js';
import { sluiceHelp } from './sluice-help.js';

export type { Output } from './output.js';

/**
 * Runs a command; resolves with the exit code (long-running commands resolve when they stop).
 * @example
 * process.exitCode = await runCli(process.argv.slice(2));
 */
export async function runCli(argv: readonly string[], output: Output = consoleOutput): Promise<number> {
  try {
    return await dispatch(argv, output);
  } catch (error) {
    if (error instanceof CommandError) {
      output.err(error.line());
      return error.exitCode;
    }
    // Not a failure any command foresaw: still one line, no stack.
    const command = COMMANDS.some((c) => c.name === argv[0]) ? `sluice ${argv[0]}` : 'sluice';
    output.err(`${command}: ${(error as Error).message}`);
    return EXIT.FAILURE;
  }
}

async function dispatch(argv: readonly string[], output: Output): Promise<number> {
  const [name, ...rest] = argv;
  switch (name) {
    case undefined:
      output.err(sluiceHelp());
      return EXIT.USAGE;
    case '--help':
    case '-h':
      output.out(sluiceHelp());
      return EXIT.OK;
    case '--version':
    case '-v':
    case 'version':
      output.out(`sluice ${cliVersion()}`);
      return EXIT.OK;
    case 'help':
      if (rest[0] === undefined) {
        output.out(sluiceHelp());
        return EXIT.OK;
      }
      // `sluice help license issue` is `sluice license issue --help`.
      return (await command(rest[0])).run([...rest.slice(1), '--help'], output);
    default:
      if (name.startsWith('-')) {
        const hint = await didYouMean(name, ['--help', '--version']);
        throw new UsageError('sluice', `unknown flag "${name}"${hint}`, 'sluice --help lists commands and flags');
      }
      return (await command(name)).run(rest, output);
  }
}

async function command(name: string) {
  const found = COMMANDS.find((c) => c.name === name);
  if (found !== undefined) return found;
  const hint = await didYouMean(name, [...COMMANDS.map((c) => c.name), 'help']);
  throw new UsageError('sluice', `unknown command "${name}"${hint}`, 'sluice --help lists commands');
}

/** `; did you mean "x"?`, or nothing. The config package is loaded only on this path, so that help and version stay quick. */
async function didYouMean(name: string, known: readonly string[]): Promise<string> {
  const { suggestName } = await import('@sluice/config');
  const suggestion = suggestName(name, known);
  return suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
}
