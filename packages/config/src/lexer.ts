/** Splits config text into words, quoted strings and the punctuation `;`, `{`, `}`. */
import { ConfigError, type Location } from './config-error.js';

/**
 * What a token is: a bare word, a quoted string (kept apart so a quoted `;` or `{` is text), or
 * punctuation.
 * @example
 * const ends = (token: Token): boolean => token.kind === ';' || token.kind === '}';
 */
export type TokenKind = 'word' | 'string' | ';' | '{' | '}';

/**
 * One word, string or punctuation mark of config text with its position, so every later error can point
 * at `file:line:col`.
 * @example
 * const [first]: Token[] = tokenize('listen_addr 127.0.0.1:8080;', 'gateway.conf'); // { kind: 'word', text: 'listen_addr', … }
 */
export interface Token {
  readonly kind: TokenKind;
  /** The text: for strings, escapes are resolved but `${…}` is left for interpolation. */
  readonly text: string;
  readonly loc: Location;
}

/** `\$` becomes this stand-in so interpolation can tell a written dollar from a reference. */
export const LITERAL_DOLLAR = '\u0000';

const ESCAPES: Record<string, string> = { '"': '"', "'": "'", '\\': '\\', n: '\n', t: '\t', r: '\r', $: LITERAL_DOLLAR };
const PUNCTUATION = new Set([';', '{', '}']);

/**
 * Splits config text into tokens, dropping whitespace and `#` comments. An unterminated string or an
 * unknown escape is a ConfigError at its position; `${…}` is left in the text for `parseConfig`.
 * @example
 * tokenize('listen_addr "127.0.0.1:8080";', 'gateway.conf').map((token) => token.kind); // ['word', 'string', ';']
 */
export function tokenize(text: string, file: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = (): Location => ({ file, line, col: i - lineStart + 1 });

  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      i += 1;
      line += 1;
      lineStart = i;
    } else if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '#') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (PUNCTUATION.has(ch)) {
      tokens.push({ kind: ch as TokenKind, text: ch, loc: here() });
      i += 1;
    } else if (ch === '"' || ch === "'") {
      const loc = here();
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length) throw new ConfigError(`unterminated string (opened with ${ch})`, loc);
        const c = text[i]!;
        if (c === ch) break;
        if (c === '\\') {
          const next = text[i + 1];
          const escaped = next === undefined ? undefined : ESCAPES[next];
          if (escaped === undefined) throw new ConfigError(`unknown escape \\${next ?? ''} in string`, here());
          value += escaped;
          i += 2;
          continue;
        }
        if (c === '\n') {
          line += 1;
          lineStart = i + 1;
        }
        value += c;
        i += 1;
      }
      i += 1;
      tokens.push({ kind: 'string', text: value, loc });
    } else {
      const loc = here();
      const start = i;
      while (i < text.length && !/[\s;{}#"']/.test(text[i]!)) {
        // `${…:-default}` may hold characters that would end a word; keep the braces whole.
        if (text[i] === '$' && text[i + 1] === '{') {
          const close = text.indexOf('}', i);
          if (close === -1) throw new ConfigError('unterminated ${ in word', here());
          i = close + 1;
        } else {
          i += 1;
        }
      }
      tokens.push({ kind: 'word', text: text.slice(start, i), loc });
    }
  }
  return tokens;
}
