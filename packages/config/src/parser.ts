/** Turns tokens into statements: `name arg… ;` or `name arg… { statements }`. */
import { ConfigError, type Location } from './config-error.js';
import { interpolate, type Environment } from './interpolate.js';
import { tokenize, type Token } from './lexer.js';

export type { Location } from './config-error.js';

export interface Arg {
  readonly value: string;
  readonly quoted: boolean;
  readonly loc: Location;
}

export interface Statement {
  readonly name: string;
  readonly args: readonly Arg[];
  readonly block?: readonly Statement[];
  readonly loc: Location;
}

export interface ConfigDocument {
  readonly file: string;
  readonly statements: readonly Statement[];
}

export interface ParseOptions {
  /** Name shown in error positions. */
  readonly file: string;
  /** Variables for `${NAME}`; defaults to process.env. */
  readonly env?: Environment;
}

/**
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
