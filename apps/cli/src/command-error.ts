/** How a command fails: one line on stderr, a hint when there is one, and an exit code that says whose fault it is. */

/** The exit codes of every `sluice` command (docs/cli.md lists them). */
export const EXIT = Object.freeze({
  /** Done; for `verify`, the thing checked is valid. */
  OK: 0,
  /** The command line was fine but the work failed: a bad config, a missing file, a port in use, an invalid license. */
  FAILURE: 1,
  /** The command line is wrong (unknown command or flag, missing or malformed value); nothing was run. */
  USAGE: 2,
});

/**
 * An expected failure: printed as `<command>: <message> (<hint>)`, never with a stack.
 * @example
 * throw new CommandError('sluice gateway', 'cannot listen on 127.0.0.1:8080: the address is already in use', 'change listen_addr');
 */
export class CommandError extends Error {
  constructor(
    /** `sluice gateway`, `sluice license issue`, … */
    readonly command: string,
    message: string,
    readonly hint?: string,
    readonly exitCode: number = EXIT.FAILURE,
  ) {
    super(message);
    this.name = 'CommandError';
  }

  /** The line printed on stderr; a message of several problems (a config file's) is a line each, the hint on the last. */
  line(): string {
    const lines = this.message.split('\n').map((problem) => `${this.command}: ${problem}`);
    return `${lines.join('\n')}${this.hint === undefined ? '' : ` (${this.hint})`}`;
  }
}

/**
 * A wrong command line: exit code 2, and a hint pointing at the command's help unless a better one is given.
 * @example
 * throw new UsageError('sluice guard', '--listen is required');
 * // sluice guard: --listen is required (sluice guard --help lists its flags)
 */
export class UsageError extends CommandError {
  constructor(command: string, message: string, hint = `${command} --help lists its flags`) {
    super(command, message, hint, EXIT.USAGE);
    this.name = 'UsageError';
  }
}
