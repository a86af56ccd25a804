/** Reads a command's flags strictly; a mistake becomes a one-line UsageError with a did-you-mean. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { suggestName } from '@sluice/config';
import { UsageError } from './command-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;
/** Named here: the declaration output cannot name the type `parseArgs` returns. */
type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: boolean }>
>;

/**
 * `parseArgs` in strict mode, for `command`.
 * @example
 * const { values } = parseCommandLine('sluice guard', argv, { listen: { type: 'string' } });
 * // --lisen → sluice guard: unknown flag "--lisen"; did you mean "--listen"? (sluice guard --help lists its flags)
 */
export function parseCommandLine<T extends Options>(
  command: string,
  args: readonly string[],
  options: T,
  allowPositionals = false,
): Parsed<T> {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError(command, problemOf(error as NodeJS.ErrnoException, options));
  }
}

/** parseArgs's messages, in the words the rest of the command line uses. */
function problemOf(error: NodeJS.ErrnoException, options: Options): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const flags = Object.keys(options).map((name) => `--${name}`);
      const suggestion = quoted.startsWith('--') ? suggestName(quoted, flags) : undefined;
      return `unknown flag "${quoted}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const long = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
      return error.message.includes('does not take') ? `${long} takes no value` : `${long} needs a value`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}"`;
    default:
      return error.message;
  }
}
