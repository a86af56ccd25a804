/** Config errors that point at `file:line:col`. */

/**
 * A position in a config file: 1-based line and column.
 * @example
 * const where: Location | undefined = config.loc('allowed_topics'); // undefined when defaulted
 */
export interface Location {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/**
 * `file:line:col`, the form editors and terminals turn into a link, so every config message points at
 * its place the same way.
 * @example
 * formatLocation({ file: 'gateway.conf', line: 12, col: 3 }); // 'gateway.conf:12:3'
 */
export function formatLocation(loc: Location): string {
  return `${loc.file}:${loc.line}:${loc.col}`;
}

/**
 * One problem in a config file, at a position when it has one; its message starts `file:line:col:`.
 * @example
 * throw new ConfigError('allowed_topics lists "billing" twice', config.loc('allowed_topics'));
 */
export class ConfigError extends Error {
  constructor(
    readonly reason: string,
    readonly loc?: Location,
  ) {
    super(loc === undefined ? reason : `${formatLocation(loc)}: ${reason}`);
    this.name = 'ConfigError';
  }
}

/**
 * Every problem found in one pass, so a user fixes the whole file at once; one line per problem.
 * @example
 * try {
 *   await loadGatewayConfig('gateway.conf');
 * } catch (error) {
 *   if (!(error instanceof ConfigErrors)) throw error;
 *   for (const problem of error.errors) console.error(problem.message); // gateway.conf:12:3: …
 * }
 */
export class ConfigErrors extends Error {
  constructor(readonly errors: readonly ConfigError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ConfigErrors';
  }
}

/**
 * Orders problems as they appear in the file, so a report collected from several passes reads top to
 * bottom; problems without a position come first.
 * @example
 * throw new ConfigErrors([...errors].sort(byPosition));
 */
export function byPosition(a: ConfigError, b: ConfigError): number {
  return (a.loc?.line ?? 0) - (b.loc?.line ?? 0) || (a.loc?.col ?? 0) - (b.loc?.col ?? 0);
}
