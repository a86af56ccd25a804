/** Turns tokens into statements: `name arg… ;` or `name arg… { statements }`. */
import { ConfigError, type Location } from './config-error.js';
import { interpolate, type Environment } from './interpolate.js';
import { tokenize, type Token } from './lexer.js';

export type { Location } from './config-error.js';

/**
 * One argument of a directive, after interpolation, with its own position so an error about one value
 * points at that value rather than at the directive. `quoted` records whether it was written as a string.
 * @example
 * const [addr]: readonly Arg[] = statement.args; // { value: '127.0.0.1:8080', quoted: false, loc }
 */
export interface Arg {
  readonly value: string;
  readonly quoted: boolean;
  readonly loc: Location;
}

/**
 * One directive, `name arg… ;` or `name arg… { statements }`, with its position; what the directive sets
 * check and what a plugin block holds.
 * @example
 * const listen = doc.statements.find((statement: Statement) => statement.name === 'listen_addr');
 */
export interface Statement {
  readonly name: string;
  readonly args: readonly Arg[];
  readonly block?: readonly Statement[];
  readonly loc: Location;
}

/**
 * A parsed config file: its statements in order, not yet checked against any directive set, so the host
 * and each plugin block can check their own part.
 * @example
 * const doc: ConfigDocument = parseConfig(await readFile('gateway.conf', 'utf8'), { file: 'gateway.conf' });
 */
export interface ConfigDocument {
  readonly file: string;
  readonly statements: readonly Statement[];
}

/**
 * Where the text came from, for error positions, and the environment `${NAME}` reads, which a test sets
 * so it does not depend on the machine's.
 * @example
 * parseConfig(text, { file: 'gateway.conf', env: { UPSTREAM_URL: 'http://127.0.0.1:11434' } });
 */
export interface ParseOptions {
  /** Name shown in error positions. */
  readonly file: string;
  /** Variables for `${NAME}`; defaults to process.env. */
  readonly env?: Environment;
}

/**
 * Parses config text into statements and puts the environment into every argument. Syntax errors (an
 * unclosed block, a missing `;`) throw a ConfigError at their position; names and values are checked later,
 * against the directive sets.
 * @example
 * const doc = parseConfig('listen_addr 127.0.0.1:8080;', { file: 'gateway.conf' });
 */
export function parseConfig(text: string, options: ParseOptions): ConfigDocument {
  const tokens = tokenize(text, options.file);
  const env = options.env ?? process.env;
  let position = 0;

  const statements = (closing: Token | undefined): Statement[] => {
    const result: Statement[] = [];
    for (;;) {
      const token = tokens[position];
      if (token === undefined) {
        if (closing !== undefined) throw new ConfigError('block opened here is never closed with }', closing.loc);
        return result;
      }
      if (token.kind === '}') {
        if (closing === undefined) throw new ConfigError('unexpected } without an open block', token.loc);
        position += 1;
        return result;
      }
      result.push(statement());
    }
  };

  const statement = (): Statement => {
    const head = tokens[position]!;
    if (head.kind !== 'word') throw new ConfigError(`expected a directive name, found ${describe(head)}`, head.loc);
    position += 1;
    const args: Arg[] = [];
    for (;;) {
      const token = tokens[position];
      if (token === undefined) throw new ConfigError(`directive "${head.text}" is missing its closing ;`, head.loc);
      if (token.kind === ';') {
        position += 1;
        return { name: head.text, args, loc: head.loc };
      }
      if (token.kind === '{') {
        position += 1;
        return { name: head.text, args, block: statements(token), loc: head.loc };
      }
      if (token.kind === '}') throw new ConfigError(`directive "${head.text}" is missing its closing ; before }`, token.loc);
      args.push({ value: interpolate(token.text, env, token.loc), quoted: token.kind === 'string', loc: token.loc });
      position += 1;
    }
  };

  return { file: options.file, statements: statements(undefined) };
}

function describe(token: Token): string {
  return token.kind === 'string' ? `a quoted string "${token.text.slice(0, 20)}"` : `"${token.text}"`;
}
